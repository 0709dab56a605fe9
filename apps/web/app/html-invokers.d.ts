// Invoker commands (HTML): a button opens or closes a <dialog> by itself, before any script runs.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the button controls. */
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
