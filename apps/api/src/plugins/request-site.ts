import type { FastifyRequest } from "fastify";

/**
 * Where a browser says a request comes from, the one origin check of the server (the CSRF
 * defence of cookie sessions in auth-guard.ts, the public pages' form posts in form-posts.ts).
 * With `Origin`: our own site when it is PUBLIC_URL's origin or names the host the request
 * addressed (the scheme may differ behind a TLS-terminating proxy); any other, `null` included
 * (browsers send it from sandboxed and privacy-sensitive contexts), is another site. Without
 * `Origin`: what `Sec-Fetch-Site` says of same-origin or cross-site; else the request does not say.
 */
export function requestSite(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): "same-origin" | "cross-site" | "unknown" {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers["sec-fetch-site"];
    return site === "same-origin" || site === "cross-site" ? site : "unknown";
  }
  if (origin === publicOrigin) return "same-origin";
  try {
    const url = new URL(origin);
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return request.host === url.host || request.host === `${url.hostname}:${port}`
      ? "same-origin"
      : "cross-site";
  } catch {
    return "cross-site";
  }
}

/** PUBLIC_URL's origin, which requestSite takes for our own. */
export const publicOrigin = (publicUrl: string | undefined) =>
  publicUrl ? new URL(publicUrl).origin : undefined;
