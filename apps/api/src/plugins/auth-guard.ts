import { SESSION_COOKIE } from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthenticated } from "../lib/errors.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";
import type { Access, App } from "./types.ts";

/** The bearer token or session cookie a request carries, if any. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
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

/**
 * Resolves the session of every request and enforces each route's `access` before the
 * body is read: 401 without a live session, 403 for a non-admin on an admin route.
 */
export function registerAuthGuard(app: App, auth: AuthService) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const access = routeAccess(request);
    const token = requestToken(request);
    request.auth = token ? await auth.authenticate(token, requestDevice(request)) : null;
    if (access === "public") return;
    if (!request.auth) throw unauthenticated();
    if (access === "admin" && request.auth.role !== "admin") throw forbidden();
    if (access === "host" && request.auth.role !== "host") throw forbidden();
  });
}
