import formCss from "./form.css?inline";
import { type ReactNode, useEffect, useRef } from "react";
import { InlineCss } from "../ui/inline-css";

/** Replaces a form once it is sent: the server's confirmation, with focus on its heading. */
export function FormSent({ title, children }: { title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="form-sent">
      <InlineCss name="form" css={formCss} />
      <h2 ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </div>
  );
}
