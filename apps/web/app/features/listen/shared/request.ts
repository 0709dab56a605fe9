import { API_BASE, apiList, apiRequest, type RequestOptions } from "../../../lib/api-client";
import { deviceName } from "./device";
import { takeEarlyRead } from "./early-reads";

/** A call of the app API: the client's options less what the listener's session sets itself. */
type ListenOptions<T> = Omit<RequestOptions<T>, "token" | "redirectOnUnauthorized" | "headers" | "sent">;

/** What the web app says about itself (APP-API.md): the devices list of the account page shows it. */
const appHeaders = () => ({ "X-App-Platform": "web", "X-Device-Name": deviceName(navigator.userAgent) });

/**
 * The API client's options for the listener's session: the httpOnly cookie set by sign-in and
 * sign-up (never a stored token), naming the platform and device; a read the shell sent early is
 * taken instead (see early-reads.ts). A 401 is an ApiError like any other; the query client
 * decides where the listener goes (see listen-query-client.ts).
 */
function asListener<T>(path: string, options: ListenOptions<T>): RequestOptions<T> {
  const plainRead = (options.method ?? "GET") === "GET" && options.query === undefined;
  return {
    ...options,
    sent: plainRead ? takeEarlyRead(path) : undefined,
    headers: appHeaders(),
    token: null,
    redirectOnUnauthorized: false,
  };
}

/** Calls the app API (`apiRequest`) as the listener. */
export const listenRequest = <T>(path: string, options: ListenOptions<T>) =>
  apiRequest(path, asListener(path, options));

/** Calls a list of the app API (`apiList`: its items and meta) as the listener. */
export const listenList = <T, M>(path: string, options: ListenOptions<{ data: T[]; meta: M }>) =>
  apiList(path, asListener(path, options));

/** A report sent while the page goes away: the browser delivers it, with the cookie, after unload. */
export function beacon(path: string, body: unknown): boolean {
  const blob = new Blob([JSON.stringify(body)], { type: "application/json" });
  return navigator.sendBeacon(`${API_BASE}${path}`, blob);
}

/** The paging of an infinite query over a cursor list (`meta.nextCursor`), for `infiniteQueryOptions`. */
export const byCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { meta: { nextCursor: string | null } }) => last.meta.nextCursor ?? undefined,
};

/** What a page's loader has just read is not read again as the page mounts. */
export const justRead = 10_000;
