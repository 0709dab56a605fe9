import { randomInt } from "node:crypto";
import {
  isStaff,
  type PatchProfileBody,
  type ResetPasswordBody,
  type SignupBody,
  type UserRole,
} from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AttemptLimiter, RecipientMailLimit } from "../limits/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { sha256 } from "../../lib/tokens.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import { type AuthService, deleteSessionOf, deleteUserSessions, type SessionDevice } from "../auth/index.ts";
import { redeemSubscriptionCode } from "../business/index.ts";
import { findInterestIds, listAppInterests, userInterestIds } from "../catalogue/index.ts";
import { entitlementOf } from "../entitlement/index.ts";
import { accountDeleted, type Mailer } from "../mail/index.ts";
import type { MediaService } from "../media/index.ts";
import {
  changeProfile,
  addAccount,
  deleteUserAccount,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPassword,
} from "../users/index.ts";
import {
  invitation,
  passwordChanged,
  passwordReset,
  staffInvitation,
  verifyAgain,
  welcome,
} from "./accounts.mail.ts";
import { consumeResetCode, listUserSessions, retireTokens, setUserInterests } from "./accounts.repository.ts";
import { issueAccountToken, useAccountToken } from "./account-tokens.ts";

const HOUR_MS = 3600_000;
const VERIFY_TTL_MS = 7 * 24 * HOUR_MS;
const RESET_TTL_MS = HOUR_MS;
const INVITATION_TTL_MS = 7 * 24 * HOUR_MS;
/** An invitation's password link is a reset token marked so in its data: using it signs in. */
const TOKEN_KIND = "kind";
const INVITATION = "invitation";
/** Wrong reset codes allowed for an address before its codes are refused for 15 minutes. */
const RESET_CODE_TRIES = 5;
const RESET_CODE_LOCK_MS = 15 * 60_000;

export interface AccountsServiceDeps {
  db: Db;
  auth: AuthService;
  media: MediaService;
  mailer: Mailer;
  supportEmail: string;
  /** The base of the e-mails' links (config.siteUrl). */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "info">;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  device: Partial<SessionDevice>;
}

const fieldError = (code: "validation_failed", field: string, message: string) =>
  new AppError(code, `${field}: ${message}`, [{ field, message }]);
const emailTaken = () =>
  new AppError("email_taken", "An account with this e-mail address already exists", [
    { field: "email", message: "is already used by another account" },
  ]);
const invalidToken = () =>
  new AppError("invalid_token", "This link or code is not valid any more: ask for a new one", [
    { field: "token", message: "is unknown, used or expired" },
  ]);
/** The reset code is checked with the address: the same code for another address is another code. */
const resetCodeHash = (email: string, code: string) => sha256(`${email.toLowerCase()}:${code}`);

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, auth, media, mailer, supportEmail, siteUrl, log } = deps;
  // Wrong reset codes per address: the 5th locks the address's codes for 15 minutes, whatever
  // happens meanwhile (a new e-mail does not lift it; the e-mail's link still works).
  const codeFailures = new AttemptLimiter(db, "reset-code:", RESET_CODE_TRIES, RESET_CODE_LOCK_MS, {
    lockout: true,
  });
  const mailLimit = new RecipientMailLimit(db);

  async function checkInterests(ids: string[] | undefined) {
    if (!ids?.length) return;
    const found = new Set(await findInterestIds(db, ids));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw fieldError("validation_failed", "interests", `no interest has the id ${missing}`);
  }

  async function issueVerification(tx: Db, user: { id: string; email: string }) {
    const token = await issueAccountToken(tx, "verify_email", user, VERIFY_TTL_MS);
    return `${siteUrl}/listen/verify?token=${encodeURIComponent(token)}`;
  }

  /**
   * A listener's own account: refused without the 18+ confirmation; a code is redeemed in the
   * same transaction (a bad code creates no account). Only a code the portal e-mailed to this
   * address (an `invited` seat) verifies it; with any other, the verification link goes out.
   */
  async function createAccount(body: SignupBody, client: ClientInfo) {
    if (body.ageConfirmed !== true) {
      throw new AppError("age_confirmation_required", "Serene is for adults: confirm you are 18 or older", [
        { field: "ageConfirmed", message: "must be true" },
      ]);
    }
    if (await findUserByEmail(db, body.email)) throw emailTaken();
    await checkInterests(body.interests);
    const passwordHash = await hashPassword(body.password);
    let result;
    try {
      result = await db.transaction(async (tx) => {
        const user = await addAccount(tx, {
          email: body.email,
          username: body.username,
          passwordHash,
          role: "user",
          mood: body.mood ?? null,
        });
        if (body.interests) await setUserInterests(tx, user.id, body.interests);
        const actor = { userId: user.id, email: user.email, ip: client.ip };
        await recordActivity(
          tx,
          actor,
          "user.signup",
          "user",
          user.id,
          { withCode: Boolean(body.code) },
          { after: user },
        );
        const redeemed = body.code
          ? await redeemSubscriptionCode(tx, actor, user.id, body.code, { atSignUp: true })
          : null;
        if (redeemed?.invited) await markEmailVerified(tx, user.id);
        const verifyUrl = redeemed?.invited ? null : await issueVerification(tx, user);
        const session = await auth.startSession(tx, user, client);
        const premium = redeemed && { businessName: redeemed.businessName, until: redeemed.user.paidUntil! };
        return { user: (await findUserById(tx, user.id))!, session, verifyUrl, premium };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    mailer.queue({
      to: { name: result.user.username, address: result.user.email },
      ...welcome({
        username: result.user.username,
        verifyUrl: result.verifyUrl,
        premium: result.premium,
        supportEmail,
      }),
    });
    return { ...result.session, user: result.user };
  }

  /**
   * The new password; an invitation's link (its token marked so) also opens a session, unless the
   * account has two-factor sign-in (its code is still asked, at sign-in). A plain reset does not
   * sign in: the person signs in with the new password as usual (OWASP's advice).
   */
  async function resetPassword(body: ResetPasswordBody, client: ClientInfo) {
    const byCode = /^\d{6}$/.test(body.token);
    const key = body.email?.toLowerCase() ?? "";
    // Every code attempt counts (so parallel guesses cannot overshoot); a success starts afresh.
    const wait = byCode ? await codeFailures.hit(key) : 0;
    if (wait > 0) {
      throw new AppError(
        "rate_limited",
        `Too many wrong codes: try again in ${Math.ceil(wait / 60_000)} minute(s), or use the link in the e-mail`,
        undefined,
        Math.ceil(wait / 1000),
      );
    }
    const passwordHash = await hashPassword(body.password);
    const result = await db.transaction(async (tx) => {
      const used = byCode
        ? await consumeResetCode(tx, resetCodeHash(key, body.token))
        : await useAccountToken(tx, "password_reset", body.token);
      if (!used?.userId) return null;
      const before = await findUserById(tx, used.userId);
      const user = await setPassword(tx, used.userId, passwordHash);
      if (!user) return null;
      // The link proves the mailbox: an unverified address is verified by it (an invitation is done).
      if (!user.emailVerifiedAt) await markEmailVerified(tx, user.id);
      await retireTokens(tx, user.id, "password_reset");
      await deleteUserSessions(tx, user.id);
      const after = (await findUserById(tx, user.id))!;
      await recordActivity(
        tx,
        { userId: user.id, email: user.email, ip: client.ip },
        "auth.password_reset",
        "user",
        user.id,
        undefined,
        { before, after },
      );
      const signsIn = !byCode && used.data?.[TOKEN_KIND] === INVITATION && !user.totpEnabledAt;
      return { user: after, session: signsIn ? await auth.startSession(tx, user, client) : undefined };
    });
    if (!result) throw invalidToken();
    if (byCode) await codeFailures.reset(key);
    mailer.queue({ to: result.user.email, ...passwordChanged({ supportEmail }) });
    return result;
  }

  const service = {
    /** Sign-up (createAccount) under the address's sign-in limit. */
    async signup(body: SignupBody, client: ClientInfo) {
      // Sign-up shares the address's sign-in limit: an address taken, a bad code or a refused
      // field counts as a failed sign-in would (and is logged), an account made does not.
      try {
        return await auth.limitedByAddress(client.ip, () => createAccount(body, client));
      } catch (err) {
        if (err instanceof AppError) log.info({ ip: client.ip, code: err.code }, "sign-up refused");
        throw err;
      }
    },

    /** Verifies the address of the link's account; answers its profile. */
    async verifyEmail(token: string) {
      const userId = await db.transaction(async (tx) => {
        const used = await useAccountToken(tx, "verify_email", token);
        if (!used?.userId) throw invalidToken();
        const user = await findUserById(tx, used.userId);
        if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) throw invalidToken();
        await markEmailVerified(tx, user.id);
        return user.id;
      });
      return service.profile(userId);
    },

    /**
     * The invitation of an account the back office made: a password link (the reset link, single
     * use, 7 days; a newer one ends it) that also verifies the address when used. Staff (admins
     * and editors) choose it on the back office's sign-in page, app users in the listener's app.
     */
    async invite(user: { id: string; email: string; username: string; role: UserRole }) {
      const token = await db.transaction((tx) =>
        issueAccountToken(tx, "password_reset", user, INVITATION_TTL_MS, {
          data: { [TOKEN_KIND]: INVITATION },
        }),
      );
      const query = `?token=${encodeURIComponent(token)}`;
      const { username } = user;
      mailer.queue({
        to: { name: username, address: user.email },
        ...(isStaff(user.role)
          ? staffInvitation({
              username,
              role: user.role,
              inviteUrl: `${siteUrl}/md-login/set-password${query}`,
              supportEmail,
            })
          : invitation({ username, inviteUrl: `${siteUrl}/listen/reset${query}`, supportEmail })),
      });
    },

    /** A new verification e-mail; an address already verified gets none, one over its e-mail limit neither. */
    async resendVerification(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound("User");
      if (user.emailVerifiedAt) return false;
      if (!(await mailLimit.allow(user.email))) return true;
      const verifyUrl = await db.transaction((tx) => issueVerification(tx, user));
      mailer.queue({ to: user.email, ...verifyAgain({ verifyUrl, supportEmail }) });
      return true;
    },

    /**
     * The same answer for every address; only an account's own mailbox receives the link and code,
     * and only within its e-mail limit (over it, the last link and code stay the live ones).
     */
    async forgotPassword(email: string) {
      const user = await findUserByEmail(db, email);
      if (!user || !(await mailLimit.allow(user.email))) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const token = await db.transaction((tx) =>
        issueAccountToken(tx, "password_reset", user, RESET_TTL_MS, {
          codeHash: resetCodeHash(user.email, code),
        }),
      );
      mailer.queue({
        to: user.email,
        ...passwordReset({
          // Staff reset on the back office's own page, listeners in the listener app.
          resetUrl: `${siteUrl}${isStaff(user.role) ? "/md-login/reset" : "/listen/reset"}?token=${encodeURIComponent(token)}`,
          code,
          supportEmail,
        }),
      });
    },

    /**
     * A new password with the link's token or the code and address; every session of the account
     * ends. A wrong token or code counts toward the address's sign-in limit.
     */
    resetPassword(body: ResetPasswordBody, client: ClientInfo) {
      return auth.limitedByAddress(client.ip, () => resetPassword(body, client));
    },

    sessions: (userId: string) => listUserSessions(db, userId),

    async endSession(userId: string, sessionId: string) {
      if (!(await deleteSessionOf(db, userId, sessionId))) throw notFound("Session");
    },

    async revokeOthers(current: AuthContext) {
      await deleteUserSessions(db, current.userId, current.sessionId);
    },

    /** The profile: the user, their interests and entitlement. */
    async profile(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound("User");
      const [interests, entitlement] = await Promise.all([
        userInterestIds(db, userId).then((ids) => listAppInterests(db, ids)),
        entitlementOf(db, userId),
      ]);
      return { user, interests, entitlement };
    },

    async updateProfile(current: AuthContext, body: PatchProfileBody, origin: string) {
      await checkInterests(body.interests);
      const { username, lastName, image, mood, experience, timeZone, interests } = body;
      // Name and picture: the one profile rule of the auth module (picture checked, old one removed).
      if (username !== undefined || lastName !== undefined || image !== undefined)
        await auth.updateProfile(current, { username, lastName, image }, origin);
      if (
        mood !== undefined ||
        experience !== undefined ||
        timeZone !== undefined ||
        interests !== undefined
      ) {
        await db.transaction(async (tx) => {
          if (mood !== undefined || experience !== undefined || timeZone !== undefined)
            await changeProfile(tx, current.userId, { mood, experience, timeZone });
          if (interests) await setUserInterests(tx, current.userId, interests);
        });
      }
      return service.profile(current.userId);
    },

    /** Deletes the account now, as a confirmed deletion request does, after checking the password. */
    async deleteAccount(current: AuthContext, password: string) {
      const user = await findUserById(db, current.userId);
      if (!user) throw notFound("User");
      if (user.role === "admin") throw forbidden();
      if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
        throw fieldError("validation_failed", "password", "is incorrect");
      }
      // No actor: the log entry would point at the account it records the deletion of.
      await deleteUserAccount(db, media, user.id, null);
      mailer.queue({ to: user.email, ...accountDeleted({ email: user.email, supportEmail }) });
    },
  };
  return service;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
