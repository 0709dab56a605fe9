// Browser storage keys. Kept free of zod: the public web pages' API client reads them through
// "@serene/contract/storage" and must not load zod.

/** Local-storage entry holding the admin session token (spec section 9). */
export const TOKEN_STORAGE_KEY = "md-token";

/**
 * Beside the session cookie (httpOnly, sent only to /api): a hint holding no secret ("1"), sent with
 * the /listen pages so that the server answers a signed-out visitor with the sign-in page at once;
 * the listener app removes it when it finds the session ended.
 */
export const SIGNED_IN_COOKIE = "serene_signed_in";
