// Browser storage keys. Kept free of zod: the public web pages' API client reads them through
// "@serene/contract/storage" and must not load zod.

/** Local-storage entry holding the admin session token (spec section 9). */
export const TOKEN_STORAGE_KEY = "md-token";
