import pageIntroCss from "./page-intro.css?inline";
import type { ReactNode } from "react";
import type { PageInfo } from "../../lib/meta";
import { InlineCss } from "./inline-css";

/** A public page's heading and one-line summary, with optional actions below. */
export function PageIntro({ title, description, children }: PageInfo & { children?: ReactNode }) {
  return (
    <div className="page-intro">
      <InlineCss name="page-intro" css={pageIntroCss} />
      <h1>{title}</h1>
      <p>{description}</p>
      {children}
    </div>
  );
}
