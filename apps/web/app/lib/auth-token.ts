// The zod-free entry: the public pages use this module through the API client.
import { TOKEN_STORAGE_KEY } from "@serene/contract/storage";

/** Where the browser goes when there is no admin session. */
export const LOGIN_PATH = "/md-login";
/** The back office's own pages of the password reset (a staff account's reset e-mail links to the second). */
export const FORGOT_PATH = "/md-login/forgot";
export const RESET_PATH = "/md-login/reset";

export function readToken(): string | null {
  return window.localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
}
