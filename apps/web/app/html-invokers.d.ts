// Invoker commands (HTML): a button opens or closes a <dialog> by itself, before any script runs.
import "react";

declare module "react" {
  // A merged declaration must repeat React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the button controls. */
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
