import {
  appSessionListResponseSchema,
  deleteMeBodySchema,
  forgotPasswordBodySchema,
  idParamsSchema,
  loginResponseSchema,
  okEnvelopeSchema,
  patchProfileBodySchema,
  profileResponseSchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tokenBodySchema,
  verifyEmailResponseSchema,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { requestDevice } from "../../plugins/auth-guard.ts";
import type { App } from "../../plugins/types.ts";
import { sessionCookie } from "../auth/index.ts";
import { toUser } from "../users/index.ts";
import { toAppSession, toProfile } from "./accounts.presenter.ts";
import type { AccountsService } from "./accounts.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export interface AccountRoutesOptions {
  accounts: AccountsService;
  /** Per client address per route: verification and the reset e-mail. */
  addressLimit: { max: number; timeWindow: number };
  /** The session cookie only over HTTPS (PUBLIC_URL https://), as sign-in. */
  secureCookies: boolean;
}

/** /auth: sign-up, address verification, password reset, the listener's sessions. */
export async function accountRoutes(
  app: App,
  { accounts, addressLimit, secureCookies }: AccountRoutesOptions,
) {
  const tags = ["app: accounts"];
  const cookie = sessionCookie(secureCookies);

  app.post(
    "/signup",
    {
      // Limited in the service: failures share the address's sign-in limit.
      config: { access: "public" },
      schema: {
        tags,
        summary: "Sign up; answers a bearer token and sets the session cookie",
        description:
          "Access: public.\nCreates a listener account (18+ confirmed), optionally with mood, interests and a business code redeemed at once; answers a session token and, as sign-in, sets the session cookie for the browser.",
        body: signupBodySchema,
        response: { 201: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await accounts.signup(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
        device: requestDevice(request),
      });
      cookie.set(reply, result);
      reply.code(201);
      return ok("Welcome to Serene", {
        token: result.token,
        expiresAt: result.expiresAt.toISOString(),
        user: toUser(result.user, request.mediaUrl),
      });
    },
  );

  app.post(
    "/verify-email",
    {
      config: { access: "public", rateLimit: addressLimit },
      schema: {
        tags,
        summary: "Verify the e-mail address",
        description:
          "Access: public.\nConfirms the address with the token of the welcome or verification e-mail; answers the listener's profile (as GET /app/me).",
        body: tokenBodySchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) =>
      ok("Your e-mail address is confirmed", {
        user: toProfile(await accounts.verifyEmail(request.body.token), request.mediaUrl),
      }),
  );

  app.post(
    "/verify-email/resend",
    {
      config: {
        access: "authenticated",
        rateLimit: { ...addressLimit, keyGenerator: (r: FastifyRequest) => r.auth?.userId ?? r.ip },
      },
      schema: {
        tags,
        summary: "Send the verification e-mail again",
        description:
          "Access: listener.\nSends a new verification link to the account's address (none when it is verified already).",
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        (await accounts.resendVerification(request.auth.userId))
          ? "We sent you a new link"
          : "Your e-mail address is already confirmed",
      ),
  );

  app.post(
    "/password/forgot",
    {
      config: { access: "public", rateLimit: addressLimit },
      schema: {
        tags,
        summary: "Ask for a password reset",
        description:
          "Access: public.\nE-mails a reset link and 6-digit code (one hour, single use) if an account uses the address; the same answer for every address.",
        body: forgotPasswordBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email);
      return ok("If an account uses this address, we sent it a link and a code to choose a new password");
    },
  );

  app.post(
    "/password/reset",
    {
      // Limited in the service: wrong tokens and codes share the address's sign-in limit.
      config: { access: "public" },
      schema: {
        tags,
        summary: "Choose a new password",
        description:
          "Access: public.\nSets a new password with the e-mail's token (or its 6-digit code with the address) and signs out every session.",
        body: resetPasswordBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, request.ip);
      return ok("Your password is changed: sign in with it");
    },
  );

  app.get(
    "/sessions",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "My devices",
        description:
          "Access: listener.\nThe account's signed-in sessions with platform, app version and device, most recently used first.",
        response: { 200: appSessionListResponseSchema },
      },
    },
    async (request) =>
      listReply(
        "Sessions",
        (await accounts.sessions(request.auth.userId)).map((s) => toAppSession(s, request.auth.sessionId)),
        {},
      ),
  );

  app.delete(
    "/sessions/:id",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Sign a device out",
        description: "Access: listener.\nEnds one of the account's own sessions (404 for any other id).",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.endSession(request.auth.userId, request.params.id);
      return ok("Signed out on that device");
    },
  );

  app.post(
    "/sessions/revoke-all",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Sign out everywhere else",
        description: "Access: listener.\nEnds every session of the account except the current one.",
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.revokeOthers(request.auth);
      return ok("Signed out on every other device");
    },
  );
}

/** /app/me: the listener's profile and account deletion. */
export async function profileRoutes(app: App, { accounts }: { accounts: AccountsService }) {
  const tags = ["app: profile"];

  app.get(
    "/me",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "My profile",
        description: "Access: listener.\nThe signed-in listener's profile with interests and entitlement.",
        response: { 200: profileResponseSchema },
      },
    },
    async (request) =>
      ok("Profile", toProfile(await accounts.profile(request.auth.userId), request.mediaUrl)),
  );

  app.patch(
    "/me",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Change my profile",
        description:
          "Access: listener.\nChanges any of username, last name, picture, mood, interests, experience and time zone; other fields are refused.",
        body: patchProfileBodySchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Profile saved",
        toProfile(await accounts.updateProfile(request.auth, request.body, request.origin), request.mediaUrl),
      ),
  );

  app.delete(
    "/me",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Delete my account",
        description:
          "Access: listener.\nDeletes the account now (password required): sessions and personal data go, as a confirmed deletion request; a confirmation e-mail follows.",
        body: deleteMeBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.deleteAccount(request.auth, request.body.password);
      return ok("Your account is deleted");
    },
  );
}
