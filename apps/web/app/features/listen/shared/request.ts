import {
  API_BASE,
  apiList,
  apiRequest,
  type Parsed,
  type RequestOptions,
  type ResponseSchema,
  shapedBy,
} from "../../../lib/api-client";
import { deviceName } from "./device";
import { takeEarlyRead } from "./early-reads";

/** A call of the app API: the client's options less what the listener's session sets itself. */
type ListenOptions = Omit<
  RequestOptions<unknown>,
  "schema" | "token" | "redirectOnUnauthorized" | "headers" | "sent"
>;

/** What the web app says about itself (APP-API.md): the devices list of the account page shows it. */
const appHeaders = () => ({ "X-App-Platform": "web", "X-Device-Name": deviceName(navigator.userAgent) });

/**
 * The API client's options for the listener's session: the answer typed by the contract schema
 * `S` (`shapedBy`: named as a type, so no schema ships), the httpOnly cookie set by sign-in and
 * sign-up (never a stored token), the platform and device; a read the shell sent early is taken
 * instead (see early-reads.ts). A 401 is an ApiError like any other; the query client decides
 * where the listener goes (see listen-query-client.ts).
 */
function asListener<S extends ResponseSchema<unknown>>(
  path: string,
  options: ListenOptions,
): RequestOptions<Parsed<S>> {
  const plainRead = (options.method ?? "GET") === "GET" && options.query === undefined;
  return {
    ...options,
    schema: shapedBy<S>(),
    sent: plainRead ? takeEarlyRead(path) : undefined,
    headers: appHeaders(),
    token: null,
    redirectOnUnauthorized: false,
  };
}

/** Calls the app API (`apiRequest`) as the listener; `S` is the route's response schema in the contract. */
export const listenRequest = <S extends ResponseSchema<unknown>>(path: string, options: ListenOptions = {}) =>
  apiRequest(path, asListener<S>(path, options));

/** Calls a list of the app API (`apiList`: its items and meta) as the listener. */
export const listenList = <S extends ResponseSchema<{ data: unknown[]; meta: unknown }>>(
  path: string,
  options: ListenOptions = {},
) => apiList<Parsed<S>["data"][number], Parsed<S>["meta"]>(path, asListener<S>(path, options));

/** A report sent while the page goes away: the browser delivers it, with the cookie, after unload. */
export function beacon(path: string, body: unknown): boolean {
  const blob = new Blob([JSON.stringify(body)], { type: "application/json" });
  return navigator.sendBeacon(`${API_BASE}${path}`, blob);
}

/** What a page's loader has just read is not read again as the page mounts. */
export const justRead = 10_000;
