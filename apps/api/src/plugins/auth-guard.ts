import { isStaff, PORTAL_SESSION_COOKIE, SESSION_COOKIE } from "@serene/contract";
import type { FastifyContextConfig, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError, forbidden, notFound, unauthenticated } from "../lib/errors.ts";
import { publicOrigin, requestSite } from "./request-site.ts";
import type { Access, App, AuthContext, PortalContext } from "./types.ts";

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || undefined : undefined;
};

/** The bearer token or session cookie a request carries, if any. */
export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? (request.cookies[SESSION_COOKIE] || undefined);
}

/** The business portal's session token a request carries (Bearer or the portal cookie), if any. */
export function portalToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? (request.cookies[PORTAL_SESSION_COOKIE] || undefined);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that a browser sent from another site on the strength of the session cookie (see
 * requestSite). Bearer calls and reads are never cross-site requests.
 */
function isCrossSiteWrite(request: FastifyRequest, ownOrigin: string | undefined): boolean {
  if (
    SAFE_METHODS.has(request.method) ||
    bearerToken(request) ||
    (!request.cookies[SESSION_COOKIE] && !request.cookies[PORTAL_SESSION_COOKIE])
  )
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

export interface AuthGuardOptions {
  auth: {
    authenticate(
      token: string,
      ip: string,
      device: ReturnType<typeof requestDevice>,
    ): Promise<AuthContext | null>;
  };
  /** The business portal's sessions, and which businesses their admins administer. */
  portal: {
    authenticate(token: string): Promise<PortalContext | null>;
    administers(email: string, businessId: string): Promise<boolean>;
  };
  publicUrl: string | undefined;
}

/**
 * Resolves the session of every request and enforces each route's `access` before the
 * body is read: 401 without a live session, 403 for a non-admin on an admin route (and for
 * anyone but an admin or editor on a `staff` one), 403 `two_factor_setup_required` for a session
 * that must set up two-factor sign-in first (but on its set-up routes; a public route reading the
 * session treats it as none, so it opens no paid audio), on a
 * `business` route 401 without a portal session and 404 for a business its admin does not
 * administer (an id reveals nothing), 403
 * `cross_site_request` for a cookie-authenticated write from another site. Register before the
 * routes: a context created before it has no guard.
 *
 * What each route needs is decided once, as it is registered, and only that runs per request: a
 * route taking no writes skips the cross-site check, a public one the session look-up (but one that
 * says `readsSession`), and a public read-only one (health, the app's message, the web pages)
 * has no guard at all. Unknown paths answer their 404 to anyone.
 */
async function authGuard(app: App, { auth, portal, publicUrl }: AuthGuardOptions) {
  const ownOrigin = publicOrigin(publicUrl);
  app.decorateRequest("auth", null);
  app.decorateRequest("portal", null);
  /** Whether a route's access means a session look-up. */
  const readsSession = (config: FastifyContextConfig | undefined) =>
    (config?.access ?? "admin") !== "public" || config?.readsSession === true;
  app.addHook("onRoute", (route) => {
    const writes = [route.method].flat().some((method) => !SAFE_METHODS.has(method));
    // Only an explicitly public read-only route goes without: a context's own onRoute hook runs
    // after this one and may only open its routes (the API docs'), which the guard then follows.
    if (!writes && !readsSession(route.config)) return;
    const guard: onRequestAsyncHookHandler = async (request) => {
      const { config } = request.routeOptions;
      const access: Access = config.access ?? "admin";
      if (writes && isCrossSiteWrite(request, ownOrigin)) {
        throw new AppError(
          "cross_site_request",
          "This request came from another site and was refused to protect your account",
        );
      }
      if (!readsSession(config)) return;
      if (access === "business") {
        const token = portalToken(request);
        request.portal = token ? await portal.authenticate(token) : null;
        if (!request.portal) throw unauthenticated();
        const { id } = request.params as { id?: string };
        if (!id || !(await portal.administers(request.portal.email, id))) throw notFound("Business");
        return;
      }
      const token = requestToken(request);
      const session = token ? await auth.authenticate(token, request.ip, requestDevice(request)) : null;
      // A session waiting for its two-factor set-up counts on its set-up routes only (and sign-out,
      // me): a public route that reads the session (the media files) sees none, any other refuses it.
      const held = session?.twoFactorSetupPending === true && !config.duringTwoFactorSetup;
      request.auth = held && access === "public" ? null : session;
      if (access === "public") return;
      if (!request.auth) throw unauthenticated();
      if (held) {
        throw new AppError(
          "two_factor_setup_required",
          "Turn on two-factor sign-in first: the back office requires it of every admin and editor",
        );
      }
      if (access === "admin" && request.auth.role !== "admin") throw forbidden();
      if (access === "staff" && !isStaff(request.auth.role)) throw forbidden();
      if (access === "host" && request.auth.role !== "host") throw forbidden();
    };
    // First of the route's own hooks: the rate limits' keys read the session.
    route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}

export const authGuardPlugin = fp(authGuard, {
  name: "serene-auth-guard",
  fastify: "5.x",
  dependencies: ["serene-error-handler", "@fastify/cookie"],
});
