import legalCss from "./legal-document.css?inline";
import type { ReactNode } from "react";
import { InlineCss } from "../ui/inline-css";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long legal text: title, date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="legal">
      <InlineCss name="legal-document" css={legalCss} />
      <header className="legal__header">
        <h1>{title}</h1>
        <p className="legal__updated">Last updated {updated}</p>
        <div className="legal__intro">{intro}</div>
      </header>
      <nav className="legal__toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">On this page</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal__body">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              <span className="legal__number">{index + 1}.</span> {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
