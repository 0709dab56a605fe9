import { CHECKOUT_BROWSER_COOKIE, PORTAL_SESSION_COOKIE } from "@serene/contract";
import type { FastifyReply } from "fastify";

/** The portal session's cookie lives on the portal's API only. */
export const PORTAL_COOKIE_PATH = "/api/v1/business";
/** The checkout's cookie reaches both where a checkout starts (/user, /business) and /user/create-coupons. */
const CHECKOUT_COOKIE_PATH = "/api/v1";
/** A checkout session expires after a day (Stripe's default): so does the value bound to it. */
const CHECKOUT_COOKIE_SECONDS = 24 * 3600;

export interface CookieOptions {
  secureCookies: boolean;
  sessionTtlMs: number;
}

/** Signs this browser in to the portal (httpOnly; a Bearer token works too). */
export function setPortalSessionCookie(reply: FastifyReply, token: string, o: CookieOptions) {
  reply.setCookie(PORTAL_SESSION_COOKIE, token, {
    path: PORTAL_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: o.secureCookies,
    maxAge: Math.floor(o.sessionTtlMs / 1000),
  });
}

/** Binds a checkout to the browser that started it: the one-time value it shows after paying. */
export function setCheckoutCookie(
  reply: FastifyReply,
  token: string,
  o: Pick<CookieOptions, "secureCookies">,
) {
  reply.setCookie(CHECKOUT_BROWSER_COOKIE, token, {
    path: CHECKOUT_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: o.secureCookies,
    maxAge: CHECKOUT_COOKIE_SECONDS,
  });
}

export const clearCheckoutCookie = (reply: FastifyReply) =>
  reply.clearCookie(CHECKOUT_BROWSER_COOKIE, { path: CHECKOUT_COOKIE_PATH });
