import { SESSION_COOKIE } from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";
import type { Access, App } from "./types.ts";

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || undefined : undefined;
};

/** The bearer token or session cookie a request carries, if any. */
export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? (request.cookies[SESSION_COOKIE] || undefined);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that a browser sent from another site on the strength of the session cookie: its
 * `Origin` is neither PUBLIC_URL's nor the requested host's (browsers send `null` from
 * sandboxed and privacy-sensitive contexts: foreign too), or, without `Origin`, the browser
 * says `Sec-Fetch-Site: cross-site`. Bearer calls and reads are never cross-site requests.
 */
function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method) || bearerToken(request) || !request.cookies[SESSION_COOKIE])
    return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "cross-site";
  if (origin === publicOrigin) return false;
  try {
    // The host the browser addressed; the scheme may differ behind a TLS-terminating proxy.
    const url = new URL(origin);
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return request.host !== url.host && request.host !== `${url.hostname}:${port}`;
  } catch {
    return true;
  }
}

export function routeAccess(request: FastifyRequest): Access {
  // Unknown paths answer their 404 to anyone.
  if (request.is404) return "public";
  return request.routeOptions.config.access ?? "admin";
}

/**
 * Resolves the session of every request and enforces each route's `access` before the
 * body is read: 401 without a live session, 403 for a non-admin on an admin route, 403
 * `cross_site_request` for a cookie-authenticated write from another site.
 */
export function registerAuthGuard(
  app: App,
  auth: AuthService,
  { publicUrl }: { publicUrl: string | undefined },
) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    if (isCrossSiteWrite(request, publicOrigin)) {
      throw new AppError(
        "cross_site_request",
        "This request came from another site and was refused to protect your account",
      );
    }
    const access = routeAccess(request);
    const token = requestToken(request);
    request.auth = token ? await auth.authenticate(token) : null;
    if (access === "public") return;
    if (!request.auth) throw unauthenticated();
    if (access === "admin" && request.auth.role !== "admin") throw forbidden();
  });
}
