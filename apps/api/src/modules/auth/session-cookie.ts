import { SESSION_COOKIE, SIGNED_IN_COOKIE } from "@serene/contract";
import type { FastifyReply } from "fastify";

/**
 * The browser's session: an httpOnly cookie on /api holding the session token, set by every route
 * that opens a session (sign-in, sign-up) beside the bearer token of the answer, cleared on sign-out.
 * With it, for as long, the signed-in hint on /listen (no secret: "1"), which lets the server send a
 * signed-out visitor of the listener app to sign in before any page or API call (plugins/web-app.ts).
 */
export function sessionCookie(secure: boolean) {
  const options = { httpOnly: true, sameSite: "lax", secure, path: "/api" } as const;
  // Readable by the app, which removes it on finding the session ended.
  const hint = { httpOnly: false, sameSite: "lax", secure, path: "/listen" } as const;
  return {
    set: (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
      reply
        .setCookie(SESSION_COOKIE, session.token, { ...options, expires: session.expiresAt })
        .setCookie(SIGNED_IN_COOKIE, "1", { ...hint, expires: session.expiresAt }),
    clear: (reply: FastifyReply) =>
      reply.clearCookie(SESSION_COOKIE, options).clearCookie(SIGNED_IN_COOKIE, hint),
  };
}
