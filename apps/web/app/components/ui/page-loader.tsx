/** A calm, centred loading indicator for pages that render in the browser. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__dot" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
