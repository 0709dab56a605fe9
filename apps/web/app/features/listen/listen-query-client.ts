import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { accountPages } from "./early-reads";

export const SIGN_IN_PATH = "/listen/signin";

/** The sign-in page, coming back to `path` afterwards. */
export function signInPath(path: string): string {
  return path === "/listen" ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`;
}

/** A 401 on a signed-in page: the session ended (signed out elsewhere, account deleted). */
function onUnauthorized(error: Error) {
  if (!(error instanceof ApiError) || error.httpStatus !== 401) return;
  const here = window.location.pathname + window.location.search;
  if (!isAccountPage(window.location.pathname)) window.location.replace(signInPath(here));
}

export const isAccountPage = (path: string) => accountPages.includes(path);

/** The listener app's one cache, shared by route loaders and components. */
export const listenQueryClient: QueryClient = (() => {
  const base = createQueryClient();
  return new QueryClient({
    defaultOptions: base.getDefaultOptions(),
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
  });
})();
