import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/** Retrying cannot fix a refused request (4xx); a network hiccup or a 5xx may pass on a second try. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
  return !refused && failureCount < 2;
}

/**
 * How long what a page's loader has just read stays fresh: the page mounting reads it from the
 * cache instead of asking again (the listener app's reads, the portal's).
 */
export const justRead = 10_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry } },
  });
}
