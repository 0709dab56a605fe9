import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  profileBodySchema,
  okEnvelopeSchema,
  recoveryCodesResponseSchema,
  twoFactorCodeBodySchema,
  twoFactorLoginBodySchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { requestDevice } from "../../plugins/auth-guard.ts";
import { TwoFactorRequired } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { toUser } from "../users/index.ts";
import type { AuthService } from "./auth.service.ts";
import { sessionCookie } from "./session-cookie.ts";
import { ok } from "../../lib/reply.ts";

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
      expiresAt: result.expiresAt.toISOString(),
      user: toUser(result.user, request.mediaUrl),
    });

  app.post(
    "/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign in; answers a bearer token and sets the session cookie",
        description:
          "Access: public.\nSigns in with e-mail and password; answers a bearer token (listeners' sessions last while used, 30 days idle).\nAn account with two-factor sign-in on answers 401 `two_factor_required` with a `challenge` (valid 5 minutes) instead: send it with the authenticator's code to POST /auth/login/two-factor. No session exists before that step.",
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login({ ...request.body, ...client(request) });
      if (result.challenge !== undefined) throw new TwoFactorRequired(result.challenge);
      cookie.set(reply, result);
      return sessionAnswer(request, result);
    },
  );

  app.post(
    "/login/two-factor",
    {
      // Limited in the service: wrong codes count as wrong passwords do.
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign in, second step: the authenticator's code (or a recovery code)",
        description:
          "Access: public.\nTakes the `challenge` of POST /auth/login's `two_factor_required` answer and the current 6-digit code of the authenticator app (a code is accepted once) or an unused recovery code (each works once); answers the session as POST /auth/login does. A challenge opens one session: used again, 400 `invalid_token`. Wrong codes are limited as wrong passwords are.",
        body: twoFactorLoginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.loginTwoFactor({ ...request.body, ...client(request) });
      cookie.set(reply, result);
      return sessionAnswer(request, result);
    },
  );

  app.post(
    "/logout",
    {
      config: { access: "authenticated", duringTwoFactorSetup: true },
      schema: {
        tags: ["auth"],
        summary: "End the current session",
        description: "Access: listener.\nEnds the current session and clears the cookie.",
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(request.auth.sessionId);
      cookie.clear(reply);
      return ok("Logged out");
    },
  );

  app.get(
    "/me",
    {
      config: { access: "authenticated", duringTwoFactorSetup: true },
      schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: meResponseSchema } },
    },
    async (request) =>
      ok("Current user", { user: toUser(await auth.me(request.auth.userId), request.mediaUrl) }),
  );

  app.put(
    "/profile",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "Edit your own profile (username, last name, picture)",
        body: profileBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) =>
      ok("Profile saved", {
        user: toUser(await auth.updateProfile(request.auth, request.body, request.origin), request.mediaUrl),
      }),
  );

  app.post(
    "/change-password",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "Change the password; every other session ends",
        body: changePasswordBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await auth.changePassword(request.auth, request.body.currentPassword, request.body.newPassword);
      return ok("Password changed; your other sessions were signed out");
    },
  );

  const twoFactorTags = ["auth: two-factor"];
  app.get(
    "/two-factor",
    {
      config: { access: "staff", duringTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: "Your two-factor sign-in",
        description:
          "Access: admin. Editors too.\nWhether two-factor sign-in is on, whether the back office requires you to set it up now, and how many recovery codes are left.",
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => ok("Two-factor sign-in", await auth.twoFactorStatus(request.auth)),
  );

  app.post(
    "/two-factor/setup",
    {
      config: { access: "staff", duringTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: "Start setting up two-factor sign-in",
        description:
          "Access: admin. Editors too.\nAnswers a new secret for an authenticator app (TOTP: SHA-1, 30 seconds, 6 digits), as text, as an otpauth:// URI and as a QR code (SVG). Not in force until POST /auth/two-factor/enable confirms it with a code.",
        response: { 200: twoFactorSetupResponseSchema },
      },
    },
    async (request) =>
      ok("Scan the code with your authenticator app", await auth.startTwoFactorSetup(request.auth)),
  );

  app.post(
    "/two-factor/enable",
    {
      config: { access: "staff", duringTwoFactorSetup: true },
      schema: {
        tags: twoFactorTags,
        summary: "Turn two-factor sign-in on",
        description:
          "Access: admin. Editors too.\nConfirms the set-up with the app's current code; answers 10 one-time recovery codes, shown this once (only their hashes are kept).",
        body: twoFactorCodeBodySchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) =>
      ok("Two-factor sign-in is on", {
        recoveryCodes: await auth.enableTwoFactor(request.auth, request.body.code),
      }),
  );

  app.post(
    "/two-factor/disable",
    {
      config: { access: "staff" },
      schema: {
        tags: twoFactorTags,
        summary: "Turn two-factor sign-in off",
        description:
          "Access: admin. Editors too.\nNeeds a current code of the app (or a recovery code); refused while the back office requires two-factor sign-in. Wrong codes are limited as wrong passwords are.",
        body: twoFactorCodeBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await auth.disableTwoFactor(request.auth, request.body.code, request.ip);
      return ok("Two-factor sign-in is off");
    },
  );
}
