import { listenSignInPath } from "@serene/contract/routes";
import { SIGNED_IN_COOKIE } from "@serene/contract/storage";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { createQueryClient } from "../../../lib/query-client";
import { accountPages } from "./early-reads";

export const SIGN_IN_PATH = "/listen/signin";

/** The sign-in page, coming back to `path` afterwards. */
export const signInPath = listenSignInPath;

/**
 * The session ended while the signed-in hint stayed (it expired, was ended on another device, the
 * account went): the hint goes too, so the server answers the next visit with the sign-in page.
 */
export function forgetSignedIn() {
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/listen; Max-Age=0; SameSite=Lax`;
}

/**
 * Whether this browser holds the signed-in hint (set beside the session cookie, which scripts
 * cannot read): without it, a read that needs a session would only be refused (a 401), so none is made.
 */
export const hasSignedInHint = () =>
  typeof document !== "undefined" &&
  document.cookie.split("; ").some((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`));

/**
 * Whether `pathname` is the app's start (/listen) seen signed out (no signed-in hint, as when the
 * page is prerendered): the sign-in form is shown there, at its own address, instead of the app.
 */
export const isSignedOutStart = (pathname: string) =>
  pathname.replace(/\/+$/, "") === "/listen" && !hasSignedInHint();

/** A 401 on a signed-in page: the session ended (signed out elsewhere, account deleted). */
function onUnauthorized(error: Error) {
  if (!(error instanceof ApiError) || error.httpStatus !== 401) return;
  forgetSignedIn();
  const here = window.location.pathname + window.location.search;
  if (!isAccountPage(window.location.pathname)) window.location.replace(signInPath(here));
}

/** The pages for signing in and up, and a business's join link (`/listen/join/<token>`), which asks signed-out visitors itself. */
export const isAccountPage = (path: string) =>
  accountPages.includes(path) || path.startsWith("/listen/join/");

/**
 * The listener app's keys, as `queryKeys` (lib/query-keys.ts) is the back office's: all under
 * "listen", so signing out drops them at once. Kept here, beside the cache they name, so the
 * listener's bundle carries neither the back office's keys nor theirs.
 */
export const listenKeys = {
  all: ["listen"] as const,
  me: ["listen", "me"] as const,
  entitlement: ["listen", "entitlement"] as const,
  sessions: ["listen", "sessions"] as const,
  home: ["listen", "home"] as const,
  interests: ["listen", "interests"] as const,
  resource: (id: string) => ["listen", "resource", id] as const,
  transcript: (id: string) => ["listen", "transcript", id] as const,
  search: (filters: object) => ["listen", "search", filters] as const,
  interest: (id: string) => ["listen", "interest", id] as const,
  favourites: ["listen", "favourites"] as const,
  history: ["listen", "history"] as const,
  continue: ["listen", "continue"] as const,
  statsAll: ["listen", "stats"] as const,
  stats: (days: number) => ["listen", "stats", days] as const,
  messages: ["listen", "messages"] as const,
  config: ["listen", "config"] as const,
  today: ["listen", "today"] as const,
  seriesAll: ["listen", "series"] as const,
  series: (id: string) => ["listen", "series", id] as const,
  reminders: ["listen", "reminders"] as const,
  redeemPreview: (code: string) => ["listen", "redeem-preview", code] as const,
  hostRequest: ["listen", "host-request"] as const,
  hostAll: ["listen", "host"] as const,
  hostContent: (state: string) => ["listen", "host", "list", state] as const,
  hostResource: (id: string) => ["listen", "host", "resource", id] as const,
  hostStats: (id: string) => ["listen", "host", "stats", id] as const,
};

/** The listener app's one cache, shared by route loaders and components. */
export const listenQueryClient: QueryClient = (() => {
  const base = createQueryClient();
  return new QueryClient({
    defaultOptions: base.getDefaultOptions(),
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
  });
})();
