/**
 * Reads a page sends while its code still loads: the shell of the browser-rendered pages
 * (__spa-fallback.html; the portal's prerendered sections too, for the portal's script) runs the
 * listener app's and the portal's early-read scripts as the HTML is
 * parsed (features/listen/shared/early-reads.ts, features/business-portal/early-reads.ts), each
 * keeping its answers here by address. The app's first request for an address takes that answer
 * (`takeEarlyRead`, through `callEndpoint`'s `sent`) rather than asking again; later ones ask the
 * server.
 */
export type EarlyReads = Record<string, Promise<Response> | undefined>;
declare global {
  interface Window {
    __earlyReads?: EarlyReads;
  }
}

/** The answer already on its way for a read of `url` (its endpoint's address and query), once; undefined otherwise. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = typeof window === "undefined" ? undefined : window.__earlyReads;
  const read = reads?.[url];
  if (reads && read) reads[url] = undefined;
  return read;
}
