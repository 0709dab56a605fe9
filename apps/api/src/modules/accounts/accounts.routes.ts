import { accountsEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { FastifyRequest } from "fastify";
import { requestDevice } from "../../plugins/auth-guard.ts";
import type { App } from "../../plugins/types.ts";
import { sessionCookie } from "../auth/index.ts";
import { toUser } from "../users/index.ts";
import { toAppSession, toProfile } from "./accounts.presenter.ts";
import type { AccountsService } from "./accounts.service.ts";
import { listReply, ok } from "../../lib/reply.ts";
import { iso } from "../../lib/iso.ts";

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
  const cookie = sessionCookie(secureCookies);

  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    device: requestDevice(request),
  });

  route(app, accountsEndpoints.signup, async (request, reply) => {
    const result = await accounts.signup(request.body, client(request));
    cookie.set(reply, result);
    reply.code(201);
    return ok("Welcome to Serene", {
      token: result.token,
      expiresAt: iso(result.expiresAt),
      user: toUser(result.user, request.mediaUrl),
    });
  });

  route(
    app,
    accountsEndpoints.verifyEmail,
    async (request) =>
      ok("Your e-mail address is confirmed", {
        user: toProfile(await accounts.verifyEmail(request.body.token), request.mediaUrl),
      }),
    { config: { rateLimit: addressLimit } },
  );

  route(
    app,
    accountsEndpoints.resendVerification,
    async (request) =>
      ok(
        (await accounts.resendVerification(request.auth.userId))
          ? "We sent you a new link"
          : "Your e-mail address is already confirmed",
      ),
    {
      config: { rateLimit: { ...addressLimit, keyGenerator: (r: FastifyRequest) => r.auth?.userId ?? r.ip } },
    },
  );

  route(
    app,
    accountsEndpoints.forgotPassword,
    async (request) => {
      await accounts.forgotPassword(request.body.email);
      return ok("If an account uses this address, we sent it a link and a code to choose a new password");
    },
    { config: { rateLimit: addressLimit } },
  );

  route(app, accountsEndpoints.resetPassword, async (request, reply) => {
    const { user, session } = await accounts.resetPassword(request.body, client(request));
    if (!session) return ok("Your password is changed: sign in with it");
    cookie.set(reply, session);
    return ok("Your password is set: you are signed in", {
      token: session.token,
      expiresAt: iso(session.expiresAt),
      user: toUser(user, request.mediaUrl),
    });
  });

  route(app, accountsEndpoints.sessions, async (request) =>
    listReply(
      "Sessions",
      (await accounts.sessions(request.auth.userId)).map((s) => toAppSession(s, request.auth.sessionId)),
      {},
    ),
  );

  route(app, accountsEndpoints.endSession, async (request) => {
    await accounts.endSession(request.auth.userId, request.params.id);
    return ok("Signed out on that device");
  });

  route(app, accountsEndpoints.revokeOthers, async (request) => {
    await accounts.revokeOthers(request.auth);
    return ok("Signed out on every other device");
  });
}

/** /app/me: the listener's profile and account deletion. */
export async function profileRoutes(app: App, { accounts }: { accounts: AccountsService }) {
  route(app, accountsEndpoints.profile, async (request) =>
    ok("Profile", toProfile(await accounts.profile(request.auth.userId), request.mediaUrl)),
  );

  route(app, accountsEndpoints.updateProfile, async (request) =>
    ok(
      "Profile saved",
      toProfile(await accounts.updateProfile(request.auth, request.body, request.origin), request.mediaUrl),
    ),
  );

  route(app, accountsEndpoints.deleteAccount, async (request) => {
    await accounts.deleteAccount(request.auth, request.body.password);
    return ok("Your account is deleted");
  });
}
