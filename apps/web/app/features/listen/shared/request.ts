import type { Endpoint, ReplyOf } from "@serene/contract";
import {
  type CallOptions,
  callEndpoint,
  callList,
  type EndpointInput,
  endpointUrl,
  type ListPageOf,
} from "../../../lib/api-client";
import { deviceName } from "./device";
import { takeEarlyRead } from "../../../lib/early-reads";

/** An endpoint's parts, and an abort signal: the rest of how the listener calls is set here. */
export type ListenInput<E extends Endpoint> = EndpointInput<E> & Pick<CallOptions, "signal">;

/** What the web app says about itself (APP-API.md): the devices list of the account page shows it. */
const appHeaders = () => ({ "X-App-Platform": "web", "X-Device-Name": deviceName(navigator.userAgent) });

/**
 * How the listener calls an endpoint: with the httpOnly cookie set by sign-in and sign-up (never a
 * stored token), the platform and device; a read the shell sent early is taken instead (see
 * early-reads.ts). A 401 is an ApiError like any other; the query client decides where the
 * listener goes (see listen-query-client.ts).
 */
function asListener<E extends Endpoint>(endpoint: E, input: ListenInput<E>): EndpointInput<E> & CallOptions {
  const { params, query } = input as EndpointInput<Endpoint>;
  const plainRead = endpoint.method === "GET" && query === undefined;
  return {
    ...input,
    sent: plainRead ? takeEarlyRead(endpointUrl(endpoint, { params })) : undefined,
    headers: appHeaders(),
    token: null,
    redirectOnUnauthorized: false,
  } as EndpointInput<E> & CallOptions;
}

/** Calls an endpoint of the contract (`callEndpoint`) as the listener. */
export const listenCall = <E extends Endpoint>(endpoint: E, input: ListenInput<E>): Promise<ReplyOf<E>> =>
  callEndpoint(endpoint, asListener(endpoint, input));

/** Calls a list endpoint (`callList`: its items and meta) as the listener. */
export const listenList = <E extends Endpoint>(endpoint: E, input: ListenInput<E>): Promise<ListPageOf<E>> =>
  callList(endpoint, asListener(endpoint, input));

/** A report sent while the page goes away: the browser delivers it, with the cookie, after unload. */
export function beacon<E extends Endpoint>(
  endpoint: E,
  input: Pick<EndpointInput<E>, "params" | "body">,
): boolean {
  const blob = new Blob([JSON.stringify(input.body)], { type: "application/json" });
  return navigator.sendBeacon(endpointUrl(endpoint, input), blob);
}
