import { SESSION_COOKIE } from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthenticated } from "../lib/errors.ts";
import type { Access, App, AuthContext } from "./types.ts";

/** The bearer token or session cookie a request carries, if any. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function routeAccess(request: FastifyRequest): Access {
  // Unknown paths answer their 404 to anyone.
  if (request.is404) return "public";
  return request.routeOptions.config.access ?? "admin";
}

/**
 * Resolves the session of every request and enforces each route's `access` before the
 * body is read: 401 without a live session, 403 for a non-admin on an admin route.
 */
export function registerAuthGuard(
  app: App,
  auth: { authenticate(token: string): Promise<AuthContext | null> },
) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const access = routeAccess(request);
    const token = requestToken(request);
    request.auth = token ? await auth.authenticate(token) : null;
    if (access === "public") return;
    if (!request.auth) throw unauthenticated();
    if (access === "admin" && request.auth.role !== "admin") throw forbidden();
  });
}
