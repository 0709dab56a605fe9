import type { FastifyRequest } from "fastify";

/**
 * Where a browser says a request comes from, the one origin check of the server (the CSRF
 * defence of cookie sessions in auth-guard.ts, the public pages' form posts in form-posts.ts).
 * `Sec-Fetch-Site` first, when the browser sends it: same-origin is ours; same-site (another
 * subdomain) and cross-site are another site. Browsers send `Origin: null` on form posts from a
 * page whose Referrer-Policy is no-referrer (ours), so `Origin` decides only without it: our own
 * site when it is PUBLIC_URL's origin or names the host the request addressed (the scheme may
 * differ behind a TLS-terminating proxy); any other, `null` included, is another site. Neither
 * header: the request does not say.
 */
export function requestSite(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): "same-origin" | "cross-site" | "unknown" {
  const site = request.headers["sec-fetch-site"];
  if (site === "same-origin") return "same-origin";
  if (site === "same-site" || site === "cross-site") return "cross-site";
  const origin = request.headers.origin;
  if (origin === undefined) return "unknown";
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
