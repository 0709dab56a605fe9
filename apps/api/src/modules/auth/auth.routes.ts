import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  profileBodySchema,
  okEnvelopeSchema,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { requestDevice } from "../../plugins/auth-guard.ts";
import type { App } from "../../plugins/types.ts";
import { toUser } from "../users/index.ts";
import type { AuthService } from "./auth.service.ts";
import { sessionCookie } from "./session-cookie.ts";

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
}

/** Sign-in is limited by the auth service (failures per address and per account), not per request. */
export async function authRoutes(app: App, { auth, secureCookies }: AuthRoutesOptions) {
  const cookie = sessionCookie(secureCookies);
  const currentSession = (request: FastifyRequest) => request.auth!;

  app.post(
    "/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign in; answers a bearer token and sets the session cookie",
        description:
          "Access: public.\nSigns in with e-mail and password; answers a bearer token (listeners' sessions last while used, 30 days idle).",
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
        device: requestDevice(request),
      });
      cookie.set(reply, result);
      return {
        status: true as const,
        message: "Login successful",
        data: {
          token: result.token,
          expiresAt: result.expiresAt.toISOString(),
          user: toUser(result.user, request.mediaUrl),
        },
      };
    },
  );

  app.post(
    "/logout",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "End the current session",
        description: "Access: listener.\nEnds the current session and clears the cookie.",
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(currentSession(request).sessionId);
      cookie.clear(reply);
      return { status: true as const, message: "Logged out" };
    },
  );

  app.get(
    "/me",
    {
      config: { access: "authenticated" },
      schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: meResponseSchema } },
    },
    async (request) => ({
      status: true as const,
      message: "Current user",
      data: { user: toUser(await auth.me(currentSession(request).userId), request.mediaUrl) },
    }),
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
    async (request) => ({
      status: true as const,
      message: "Profile saved",
      data: {
        user: toUser(
          await auth.updateProfile(currentSession(request), request.body, request.origin),
          request.mediaUrl,
        ),
      },
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
      await auth.changePassword(
        currentSession(request),
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { status: true as const, message: "Password changed; your other sessions were signed out" };
    },
  );
}
