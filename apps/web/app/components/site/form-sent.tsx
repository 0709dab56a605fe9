import formCss from "./form.css?inline";
import type { ReactNode } from "react";
import { InlineCss } from "../ui/inline-css";

/**
 * What replaces a form once it is sent, kept in a <template> until then: the heading (which
 * takes focus), the server's confirmation (`data-sent-message`) and `children`.
 */
export function FormSent({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <template id={id}>
      <div className="form-sent">
        <InlineCss name="form" css={formCss} />
        <h2 tabIndex={-1}>{title}</h2>
        <p data-sent-message />
        {children}
      </div>
    </template>
  );
}
