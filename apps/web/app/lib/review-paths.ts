/** The review queue: the contents list filtered to hosts' uploads waiting for a decision. */
export const PENDING_REVIEW_PATH = "/admin/contentPage?reviewState=pending";

/** A content's review page: listen, edit, then approve or decline. */
export const reviewPath = (id: string) => `/admin/contentPage/${encodeURIComponent(id)}/review`;
