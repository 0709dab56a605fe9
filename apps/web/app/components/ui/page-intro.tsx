import "./page-intro.css";
import type { ReactNode } from "react";
import type { PageInfo } from "../../lib/meta";

/** A public page's heading and one-line summary, with optional actions below. */
export function PageIntro({ title, description, children }: PageInfo & { children?: ReactNode }) {
  return (
    <div className="page-intro">
      <h1>{title}</h1>
      <p>{description}</p>
      {children}
    </div>
  );
}
