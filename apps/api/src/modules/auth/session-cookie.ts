import { SESSION_COOKIE } from "@serene/contract";
import type { FastifyReply } from "fastify";

/**
 * The browser's session: an httpOnly cookie on /api holding the session token, set by every route
 * that opens a session (sign-in, sign-up) beside the bearer token of the answer, cleared on sign-out.
 */
export function sessionCookie(secure: boolean) {
  const options = { httpOnly: true, sameSite: "lax", secure, path: "/api" } as const;
  return {
    set: (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
      reply.setCookie(SESSION_COOKIE, session.token, { ...options, expires: session.expiresAt }),
    clear: (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, options),
  };
}
