import { authEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { FastifyRequest } from "fastify";
import { requestDevice } from "../../plugins/auth-guard.ts";
import { TwoFactorRequired } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { toUser } from "../users/index.ts";
import type { AuthService } from "./auth.service.ts";
import { sessionCookie } from "./session-cookie.ts";
import { ok } from "../../lib/reply.ts";
import { iso } from "../../lib/iso.ts";

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
}

/** Sign-in is limited by the auth service (failures per address and per account), not per request. */
export async function authRoutes(app: App, { auth, secureCookies }: AuthRoutesOptions) {
  const cookie = sessionCookie(secureCookies);

  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    device: requestDevice(request),
  });
  const sessionAnswer = (
    request: FastifyRequest,
    result: Awaited<ReturnType<AuthService["loginTwoFactor"]>>,
  ) =>
    ok("Login successful", {
      token: result.token,
      expiresAt: iso(result.expiresAt),
      user: toUser(result.user, request.mediaUrl),
    });

  route(app, authEndpoints.login, async (request, reply) => {
    const result = await auth.login({ ...request.body, ...client(request) });
    if (result.challenge !== undefined) throw new TwoFactorRequired(result.challenge);
    cookie.set(reply, result);
    return sessionAnswer(request, result);
  });

  route(app, authEndpoints.loginTwoFactor, async (request, reply) => {
    const result = await auth.loginTwoFactor({ ...request.body, ...client(request) });
    cookie.set(reply, result);
    return sessionAnswer(request, result);
  });

  route(app, authEndpoints.logout, async (request, reply) => {
    await auth.logout(request.auth.sessionId);
    cookie.clear(reply);
    return ok("Logged out");
  });

  route(app, authEndpoints.me, async (request) =>
    ok("Current user", { user: toUser(await auth.me(request.auth.userId), request.mediaUrl) }),
  );

  route(app, authEndpoints.updateProfile, async (request) =>
    ok("Profile saved", {
      user: toUser(await auth.updateProfile(request.auth, request.body, request.origin), request.mediaUrl),
    }),
  );

  route(app, authEndpoints.changePassword, async (request) => {
    await auth.changePassword(request.auth, request.body.currentPassword, request.body.newPassword);
    return ok("Password changed; your other sessions were signed out");
  });

  route(app, authEndpoints.twoFactorStatus, async (request) =>
    ok("Two-factor sign-in", await auth.twoFactorStatus(request.auth)),
  );

  route(app, authEndpoints.startTwoFactorSetup, async (request) =>
    ok("Scan the code with your authenticator app", await auth.startTwoFactorSetup(request.auth)),
  );

  route(app, authEndpoints.enableTwoFactor, async (request) =>
    ok("Two-factor sign-in is on", {
      recoveryCodes: await auth.enableTwoFactor(request.auth, request.body.code),
    }),
  );

  route(app, authEndpoints.disableTwoFactor, async (request) => {
    await auth.disableTwoFactor(request.auth, request.body.code, request.ip);
    return ok("Two-factor sign-in is off");
  });
}
