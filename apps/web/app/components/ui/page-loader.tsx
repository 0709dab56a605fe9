import { BrandMark } from "./brand-mark";

/**
 * A calm, centred loading indicator for pages that render in the browser: Serene's mark,
 * breathing. It is in the page's HTML, so the page shows something before its code has run, and
 * says why nothing more comes when the browser runs no code.
 */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__mark" aria-hidden="true">
        <BrandMark size={56} />
      </span>
      <span className="visually-hidden">Loading…</span>
      <NeedsJavaScript />
    </div>
  );
}

/** What a browser that runs no code shows in place of a page (or a form) that needs it. */
export function NeedsJavaScript({ what = "This page" }: { what?: string }) {
  return (
    <noscript>
      <p className="needs-javascript">
        {what} needs JavaScript: turn it on in your browser, then reload the page.
      </p>
    </noscript>
  );
}
