import { SESSION_COOKIE } from "@serene/contract";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
import { publicOrigin, requestSite } from "./request-site.ts";
import type { Access, App, AuthContext } from "./types.ts";

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
 * A write that a browser sent from another site on the strength of the session cookie (see
 * requestSite). Bearer calls and reads are never cross-site requests.
 */
function isCrossSiteWrite(request: FastifyRequest, ownOrigin: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method) || bearerToken(request) || !request.cookies[SESSION_COOKIE])
    return false;
  return requestSite(request, ownOrigin) === "cross-site";
}

/** What the app says about itself (X-App-Platform, X-App-Version, X-Device-Name); absent headers stay undefined. */
export function requestDevice(request: FastifyRequest) {
  const header = (name: string, max: number) => {
    const value = request.headers[name];
    return typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined;
  };
  const platform = header("x-app-platform", 20)?.toLowerCase();
  return {
    platform: platform && ["android", "ios", "web"].includes(platform) ? platform : undefined,
    appVersion: header("x-app-version", 40),
    deviceName: header("x-device-name", 100),
  };
}

export function routeAccess(request: FastifyRequest): Access {
  // Unknown paths answer their 404 to anyone.
  if (request.is404) return "public";
  return request.routeOptions.config.access ?? "admin";
}

export interface AuthGuardOptions {
  auth: {
    authenticate(token: string, device: ReturnType<typeof requestDevice>): Promise<AuthContext | null>;
  };
  publicUrl: string | undefined;
}

/**
 * Resolves the session of every request and enforces each route's `access` before the
 * body is read: 401 without a live session, 403 for a non-admin on an admin route, 403
 * `cross_site_request` for a cookie-authenticated write from another site. Register before the
 * routes: a context created before it has no guard.
 */
async function authGuard(app: App, { auth, publicUrl }: AuthGuardOptions) {
  const ownOrigin = publicOrigin(publicUrl);
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    if (isCrossSiteWrite(request, ownOrigin)) {
      throw new AppError(
        "cross_site_request",
        "This request came from another site and was refused to protect your account",
      );
    }
    const access = routeAccess(request);
    const token = requestToken(request);
    request.auth = token ? await auth.authenticate(token, requestDevice(request)) : null;
    if (access === "public") return;
    if (!request.auth) throw unauthenticated();
    if (access === "admin" && request.auth.role !== "admin") throw forbidden();
    if (access === "host" && request.auth.role !== "host") throw forbidden();
  });
}

export const authGuardPlugin = fp(authGuard, {
  name: "serene-auth-guard",
  fastify: "5.x",
  dependencies: ["serene-error-handler", "@fastify/cookie"],
});
