import { BrandMark } from "./brand-mark";

/**
 * A calm, centred loading indicator for pages that render in the browser: Serene's mark,
 * breathing. It is in the page's HTML, so the page shows something before its code has run.
 */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__mark" aria-hidden="true">
        <BrandMark size={56} />
      </span>
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
