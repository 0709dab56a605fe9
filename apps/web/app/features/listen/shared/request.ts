import { API_BASE, apiRequest, type RequestOptions } from "../../../lib/api-client";
import { deviceName } from "./device";
import { takeEarlyRead } from "./early-reads";

/** The success envelope of the app API: `data`, and `meta` on lists. */
export interface Answer<T, M = undefined> {
  status: true;
  message: string;
  data: T;
  meta: M;
}

// The API validates what it sends (its routes declare response schemas); the listener app types it.
const typed = <T, M>() => ({ parse: (payload: unknown) => payload as Answer<T, M> });

type ListenOptions = Omit<RequestOptions<unknown>, "schema" | "token" | "redirectOnUnauthorized" | "headers">;

/** What the web app says about itself (APP-API.md): the devices list of the account page shows it. */
const appHeaders = () => ({ "X-App-Platform": "web", "X-Device-Name": deviceName(navigator.userAgent) });

/**
 * Calls the app API with the listener's session: the httpOnly cookie set by sign-in and sign-up
 * (never a stored token), naming the platform and device; a read the shell sent early is taken
 * instead (see early-reads.ts). A 401 is an ApiError like any other; the query client decides where
 * the listener goes (see listen-query-client.ts).
 */
export function listenRequest<T, M = undefined>(path: string, options: ListenOptions = {}) {
  const plainRead = (options.method ?? "GET") === "GET" && options.query === undefined;
  return apiRequest(path, {
    ...options,
    sent: plainRead ? takeEarlyRead(path) : undefined,
    headers: appHeaders(),
    schema: typed<T, M>(),
    token: null,
    redirectOnUnauthorized: false,
  });
}

/** A report sent while the page goes away: the browser delivers it, with the cookie, after unload. */
export function beacon(path: string, body: unknown): boolean {
  const blob = new Blob([JSON.stringify(body)], { type: "application/json" });
  return navigator.sendBeacon(`${API_BASE}${path}`, blob);
}
