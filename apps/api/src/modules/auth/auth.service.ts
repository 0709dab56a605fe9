import { randomBytes } from "node:crypto";
import { isStaff, type ProfileBody, type UserRole } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type ChangeNotices, NoticedCache } from "../../db/change-notices.ts";
import type { MediaService } from "../media/index.ts";
import { AppError } from "../../lib/errors.ts";
import { decoyHash, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { newToken, sha256 } from "../../lib/tokens.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import { keepServerKey } from "../habit/index.ts";
import {
  changeProfile,
  findUserByEmail,
  findUserById,
  setPassword,
  touchLastActive,
} from "../users/index.ts";
import {
  type SessionDevice,
  claimSignInChallenge,
  countRecoveryCodesLeft,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  type LiveSession,
  touchSession,
} from "./auth.repository.ts";
import { type SignInLimitOptions, createSignInLimits } from "./sign-in-limits.ts";
import { createTwoFactorSetup } from "./two-factor-setup.ts";
import { CHALLENGE_TTL_MS, challenges, useSecondFactor, wrongCode } from "./two-factor.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";
/** How often a session's last-seen time is written (not on every request). */
const TOUCH_INTERVAL_MS = 60_000;
/** A listener's session ends after this long unused; each use moves the end (staff: SESSION_TTL_HOURS, fixed). */
export const LISTENER_IDLE_MS = 30 * 24 * 3600_000;

/** How long a new session of this role lives (a listener's slides while used). */
export const sessionLifetimeMs = (role: UserRole, adminTtlMs: number) =>
  isStaff(role) ? adminTtlMs : LISTENER_IDLE_MS;

const challengeGone = () =>
  new AppError("invalid_token", "This sign-in expired: enter your e-mail and password again", [
    { field: "challenge", message: "is unknown, expired or used" },
  ]);

/** Who signs in, from where (for the session's record). */
interface ClientInput {
  ip: string | null;
  userAgent: string | null;
  device?: Partial<SessionDevice>;
}

const sameDevice = (a: SessionDevice, b: Partial<SessionDevice>) =>
  (b.platform ?? a.platform) === a.platform &&
  (b.appVersion ?? a.appVersion) === a.appVersion &&
  (b.deviceName ?? a.deviceName) === a.deviceName;
export interface AuthServiceOptions extends SignInLimitOptions {
  sessionTtlMs: number;
  /** The database's change notices: live sessions are kept in memory until one says they changed. */
  changes: ChangeNotices;
}

export function createAuthService(db: Db, media: MediaService, options: AuthServiceOptions) {
  const liveSessions = new NoticedCache<LiveSession>(options.changes, {
    topic: "session",
    owner: (session) => session.userId,
    fresh: (session, now) => session.expiresAt.getTime() > now,
  });
  const limits = createSignInLimits(db, options);
  const { limitedByAddress, accountAttempt } = limits;

  // The challenges' key is kept in the database, shared by every instance.
  let challengeKey: Promise<string> | undefined;
  const challenge = challenges(() => {
    challengeKey ??= keepServerKey(db, "sign-in-challenge", () => randomBytes(32).toString("base64url"));
    return challengeKey;
  });

  return {
    limitedByAddress,

    /**
     * Signs in; only failures count toward the address's limit and the account's. An account with
     * two-factor sign-in answers a challenge instead of a session: its attempt still counts toward
     * the account's limit until the code is right (loginTwoFactor), so codes are limited as passwords.
     */
    login(input: ClientInput & { email: string; password: string }) {
      // Each attempt is counted before the password is checked (so parallel guesses cannot
      // overshoot) and taken back when it succeeds. Attempts refused per address never reach
      // the ceiling, so one address hammering away cannot use it up.
      return limitedByAddress(input.ip, async () => {
        const attempt = await accountAttempt(input.email, input.ip);
        const user = await findUserByEmail(db, input.email);
        // Verify against a decoy when the account is missing, so both answers take the same time.
        const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
        if (!user?.passwordHash || !ok) {
          await recordActivity(db, { ip: input.ip }, "auth.sign_in_failed", "user", user?.id ?? null, {
            email: attempt.account,
          });
          throw new AppError("invalid_credentials", INVALID_CREDENTIALS);
        }
        if (user.totpEnabledAt) return { challenge: await challenge.issue(user.id) };
        await attempt.succeeded();
        const session = await this.startSession(db, user, input);
        await recordActivity(
          db,
          { userId: user.id, email: user.email, ip: input.ip },
          "auth.sign_in",
          "user",
          user.id,
        );
        return { ...session, user };
      });
    },

    /**
     * A sign-in's second step: the challenge of the first and a current authenticator code (its
     * step never used before) or an unused recovery code; only then is a session issued. A
     * challenge opens one session: its use is claimed in the transaction that uses the code and
     * starts the session, so a second use (even at the same moment) is refused and leaves its code
     * unused.
     */
    loginTwoFactor(input: ClientInput & { challenge: string; code: string }) {
      return limitedByAddress(input.ip, async () => {
        const userId = await challenge.open(input.challenge);
        const user = userId ? await findUserById(db, userId) : undefined;
        if (!user?.totpEnabledAt) throw challengeGone();
        const attempt = await accountAttempt(user.email, input.ip);
        const actor = { userId: user.id, email: user.email, ip: input.ip };
        const signedIn = await db.transaction(async (tx) => {
          const used = await useSecondFactor(tx, user, input.code);
          if (!used) return null;
          const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
          if (!(await claimSignInChallenge(tx, sha256(input.challenge), expiresAt))) throw challengeGone();
          return { used, session: await this.startSession(tx, user, input) };
        });
        if (!signedIn) {
          await recordActivity(db, { ip: input.ip }, "auth.sign_in_failed", "user", user.id, {
            email: attempt.account,
            step: "two_factor",
          });
          throw wrongCode("is not right: enter the current code of your app, or an unused recovery code");
        }
        await attempt.succeeded();
        const { used, session } = signedIn;
        if (used === "recovery")
          await recordActivity(db, actor, "auth.recovery_code_used", "user", user.id, {
            left: await countRecoveryCodesLeft(db, user.id),
          });
        await recordActivity(db, actor, "auth.sign_in", "user", user.id, { twoFactor: used });
        return { ...session, user };
      });
    },

    /** A new session for a user who just proved who they are (login, sign-up); `tx` may be a transaction. */
    async startSession(
      tx: Db,
      user: { id: string; role: UserRole },
      input: { ip: string | null; userAgent: string | null; device?: Partial<SessionDevice> },
    ) {
      const token = newToken();
      const expiresAt = new Date(Date.now() + sessionLifetimeMs(user.role, options.sessionTtlMs));
      await insertSession(tx, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        ...input.device,
      });
      await touchLastActive(tx, user.id);
      return { token, expiresAt };
    },

    /**
     * The session behind a token, with its user's role as it is now, or null when it is unknown,
     * expired or revoked, or its user is gone. Kept in memory once read (`liveSessions`): a session
     * ended or a role changed on any instance is announced by the database and forgotten at once
     * (the next request reads it again), and nothing is kept longer than a minute.
     */
    async authenticate(
      token: string,
      ip: string,
      device: Partial<SessionDevice> = {},
    ): Promise<AuthContext | null> {
      const now = Date.now();
      const tokenHash = sha256(token);
      const row = await liveSessions.get(tokenHash, () => findLiveSession(db, tokenHash));
      if (!row) return null;
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS || !sameDevice(row, device)) {
        const expiresAt = isStaff(row.role) ? undefined : new Date(now + LISTENER_IDLE_MS);
        await Promise.all([
          touchSession(db, row.sessionId, { ...device, ...(expiresAt ? { expiresAt } : {}) }),
          touchLastActive(db, row.userId),
        ]);
        // The kept row follows what was written (a later end is no notice: only an earlier one is).
        row.lastSeenAt = new Date(now);
        if (expiresAt) row.expiresAt = expiresAt;
        row.platform = device.platform ?? row.platform;
        row.appVersion = device.appVersion ?? row.appVersion;
        row.deviceName = device.deviceName ?? row.deviceName;
      }
      return {
        sessionId: row.sessionId,
        userId: row.userId,
        email: row.email,
        role: row.role,
        twoFactorSetupPending: isStaff(row.role) && !row.totpEnabledAt && row.requireTwoFactor === true,
        ip,
      };
    },

    logout: (sessionId: string) => deleteSession(db, sessionId),

    async me(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError("unauthenticated", "Please sign in to continue");
      return user;
    },

    /** Your own username, last name and picture; a replaced picture is removed. */
    async updateProfile(auth: AuthContext, body: ProfileBody, origin: string) {
      const current = await this.me(auth.userId);
      const imageKey =
        body.image === undefined
          ? undefined
          : body.image === null
            ? null
            : await media.keyFor(body.image, "image", "image", {
                origin,
                by: auth,
                current: current.imageKey,
              });
      const updated = await db.transaction(async (tx) => {
        const row = await changeProfile(tx, auth.userId, {
          username: body.username,
          lastName: body.lastName,
          imageKey,
        });
        await recordActivity(
          tx,
          auth,
          "user.profile",
          "user",
          auth.userId,
          { fields: Object.keys(body) },
          { before: current, after: row },
        );
        return row!;
      });
      if (imageKey !== undefined && current.imageKey && current.imageKey !== imageKey)
        await media.discard([current.imageKey]);
      return updated;
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(auth: AuthContext, currentPassword: string, newPassword: string) {
      const user = await findUserById(db, auth.userId);
      if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
        throw new AppError("validation_failed", "Current password is incorrect", [
          { field: "currentPassword", message: "Current password is incorrect" },
        ]);
      }
      await db.transaction(async (tx) => {
        const changed = await setPassword(tx, user.id, await hashPassword(newPassword));
        await deleteUserSessions(tx, user.id, auth.sessionId);
        await recordActivity(tx, auth, "auth.password_changed", "user", user.id, undefined, {
          before: user,
          after: changed,
        });
      });
    },
    ...createTwoFactorSetup(db, limits),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
