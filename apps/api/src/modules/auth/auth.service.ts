import { randomBytes } from "node:crypto";
import { isStaff, type ProfileBody, type UserRole } from "@serene/contract";
import QRCode from "qrcode";
import type { Db } from "../../db/client.ts";
import { type ChangeNotices, NoticedCache } from "../../db/change-notices.ts";
import type { MediaService } from "../media/index.ts";
import { AttemptLimiter } from "../limits/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { decoyHash, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { newToken, sha256 } from "../../lib/tokens.ts";
import { matchTotp, newTotpSecret, totpUri } from "../../lib/totp.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import { keepServerKey } from "../habit/index.ts";
import {
  adminExists,
  changeProfile,
  claimTotpStep,
  clearTotp,
  addAccount,
  findUserByEmail,
  findUserById,
  setPassword,
  setRole,
  setTotpSecret,
  touchLastActive,
  turnOnTotp,
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
  readBackOfficeSettings,
  replaceRecoveryCodes,
  touchSession,
} from "./auth.repository.ts";
import {
  CHALLENGE_TTL_MS,
  challenges,
  newRecoveryCodes,
  recoveryCodeHash,
  useSecondFactor,
} from "./two-factor.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";
/** How often a session's last-seen time is written (not on every request). */
const TOUCH_INTERVAL_MS = 60_000;
/** A listener's session ends after this long unused; each use moves the end (staff: SESSION_TTL_HOURS, fixed). */
export const LISTENER_IDLE_MS = 30 * 24 * 3600_000;

/** How long a new session of this role lives (a listener's slides while used). */
export const sessionLifetimeMs = (role: UserRole, adminTtlMs: number) =>
  isStaff(role) ? adminTtlMs : LISTENER_IDLE_MS;

/** The issuer authenticator apps show beside the account. */
const TOTP_ISSUER = "Serene";
const challengeGone = () =>
  new AppError("invalid_token", "This sign-in expired: enter your e-mail and password again", [
    { field: "challenge", message: "is unknown, expired or used" },
  ]);
const wrongCode = (message: string) =>
  new AppError("validation_failed", `code: ${message}`, [{ field: "code", message }]);

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

export interface AuthServiceOptions {
  sessionTtlMs: number;
  /** Sign-in attempts allowed per account from one address per window (a success starts afresh). */
  accountFailures: { max: number; windowMs: number };
  /** Failed sign-ins allowed per account from all addresses together per window: a slower ceiling. */
  accountCeiling: { max: number; windowMs: number };
  /**
   * Failed attempts allowed per client address per window, whatever the account: sign-in, sign-up
   * and password reset share it; a success is not counted (an office signs in from one address).
   */
  addressFailures: { max: number; windowMs: number };
  /** The database's change notices: live sessions are kept in memory until one says they changed. */
  changes: ChangeNotices;
}

export function createAuthService(db: Db, media: MediaService, options: AuthServiceOptions) {
  const liveSessions = new NoticedCache<LiveSession>(options.changes, {
    topic: "session",
    owner: (session) => session.userId,
    fresh: (session, now) => session.expiresAt.getTime() > now,
  });
  // Keyed on account and address, so an attacker elsewhere cannot lock the owner out; the
  // per-account ceiling bounds guessing from many addresses.
  const perAddress = new AttemptLimiter(
    db,
    "sign-in:",
    options.accountFailures.max,
    options.accountFailures.windowMs,
  );
  const ceiling = new AttemptLimiter(
    db,
    "sign-in-account:",
    options.accountCeiling.max,
    options.accountCeiling.windowMs,
  );
  const perClient = new AttemptLimiter(
    db,
    "sign-in-address:",
    options.addressFailures.max,
    options.addressFailures.windowMs,
  );
  const tooMany = (wait: number) =>
    new AppError(
      "rate_limited",
      `Too many sign-in attempts for this account. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
      undefined,
      Math.ceil(wait / 1000),
    );

  /**
   * Runs an attempt of a client address under its limit: counted before it runs (so parallel
   * attempts cannot overshoot), taken back when it succeeds; past the limit, refused with 429.
   */
  async function limitedByAddress<T>(ip: string | null, attempt: () => Promise<T>): Promise<T> {
    const key = ip ?? "";
    const wait = await perClient.hit(key);
    if (wait > 0) {
      throw new AppError(
        "rate_limited",
        `Too many requests from this address. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        undefined,
        Math.ceil(wait / 1000),
      );
    }
    const result = await attempt();
    await perClient.undo(key);
    return result;
  }

  /**
   * Counts a sign-in attempt on an account from an address (and toward the account's ceiling)
   * before it is checked; `succeeded` takes it back and starts the pair afresh.
   */
  async function accountAttempt(email: string, ip: string | null) {
    const account = email.toLowerCase();
    const pair = `${account} ${ip ?? ""}`;
    const waitHere = await perAddress.hit(pair);
    if (waitHere > 0) throw tooMany(waitHere);
    const waitAll = await ceiling.hit(account);
    if (waitAll > 0) {
      await perAddress.undo(pair);
      throw tooMany(waitAll);
    }
    return {
      account,
      async succeeded() {
        await perAddress.reset(pair);
        await ceiling.undo(account);
      },
    };
  }

  // The challenges' key is kept in the database, shared by every instance.
  let challengeKey: Promise<string> | undefined;
  const challenge = challenges(() => {
    challengeKey ??= keepServerKey(db, "sign-in-challenge", () => randomBytes(32).toString("base64url"));
    return challengeKey;
  });

  /** A staff member's own account, for the two-factor set-up. */
  async function staffAccount(auth: AuthContext) {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new AppError("unauthenticated", "Please sign in to continue");
    return user;
  }

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
          await recordActivity(db, null, "auth.sign_in_failed", "user", user?.id ?? null, {
            email: attempt.account,
          });
          throw new AppError("invalid_credentials", INVALID_CREDENTIALS);
        }
        if (user.totpEnabledAt) return { challenge: await challenge.issue(user.id) };
        await attempt.succeeded();
        const session = await this.startSession(db, user, input);
        await recordActivity(db, { userId: user.id, email: user.email }, "auth.sign_in", "user", user.id);
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
        const actor = { userId: user.id, email: user.email };
        const signedIn = await db.transaction(async (tx) => {
          const used = await useSecondFactor(tx, user, input.code);
          if (!used) return null;
          const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
          if (!(await claimSignInChallenge(tx, sha256(input.challenge), expiresAt))) throw challengeGone();
          return { used, session: await this.startSession(tx, user, input) };
        });
        if (!signedIn) {
          await recordActivity(db, null, "auth.sign_in_failed", "user", user.id, {
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
    async authenticate(token: string, device: Partial<SessionDevice> = {}): Promise<AuthContext | null> {
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
    /** Your two-factor sign-in: on or not, required of you now, recovery codes left. */
    async twoFactorStatus(auth: AuthContext) {
      const user = await staffAccount(auth);
      return {
        enabled: user.totpEnabledAt !== null,
        setupRequired: auth.twoFactorSetupPending,
        recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(db, user.id) : 0,
      };
    },

    /** Starts (or starts again) the set-up: a new secret, not in force until a code confirms it. */
    async startTwoFactorSetup(auth: AuthContext) {
      const user = await staffAccount(auth);
      if (user.totpEnabledAt)
        throw new AppError(
          "conflict",
          "Two-factor sign-in is on already: turn it off first to use a new app",
        );
      const secret = newTotpSecret();
      await setTotpSecret(db, user.id, secret);
      const uri = totpUri(secret, user.email, TOTP_ISSUER);
      const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
      return { secret, uri, qrSvg };
    },

    /** Turns two-factor sign-in on with a code of the app just set up; answers 10 new recovery codes. */
    async enableTwoFactor(auth: AuthContext, code: string) {
      const user = await staffAccount(auth);
      if (user.totpEnabledAt) throw new AppError("conflict", "Two-factor sign-in is on already");
      if (!user.totpSecret) throw new AppError("conflict", "Start the set-up first: no secret was made yet");
      const step = matchTotp(user.totpSecret, code.replace(/\s/g, ""), Date.now());
      if (step === null) throw wrongCode("is not right: enter the code your app shows now");
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await claimTotpStep(tx, user.id, step)))
          throw wrongCode("was used already: wait for the next one");
        const after = await turnOnTotp(tx, user.id);
        await replaceRecoveryCodes(
          tx,
          user.id,
          recoveryCodes.map((c) => recoveryCodeHash(user.id, c)),
        );
        await recordActivity(tx, auth, "auth.two_factor_on", "user", user.id, undefined, {
          before: user,
          after,
        });
      });
      return recoveryCodes;
    },

    /**
     * Turns two-factor sign-in off with a current code (or a recovery code); refused while the
     * back office requires it. Wrong codes count as failed sign-ins do.
     */
    disableTwoFactor(auth: AuthContext, code: string, ip: string | null) {
      return limitedByAddress(ip, async () => {
        const user = await staffAccount(auth);
        if (!user.totpEnabledAt) throw new AppError("conflict", "Two-factor sign-in is off already");
        if ((await readBackOfficeSettings(db)).requireTwoFactor)
          throw new AppError(
            "conflict",
            "The back office requires two-factor sign-in of every admin and editor: it cannot be turned off",
          );
        const attempt = await accountAttempt(user.email, ip);
        if (!(await useSecondFactor(db, user, code)))
          throw wrongCode("is not right: enter the current code of your app, or an unused recovery code");
        await attempt.succeeded();
        await db.transaction(async (tx) => {
          const after = await clearTotp(tx, user.id);
          await replaceRecoveryCodes(tx, user.id, []);
          await recordActivity(tx, auth, "auth.two_factor_off", "user", user.id, undefined, {
            before: user,
            after,
          });
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Makes `email` an admin with `password` when no admin exists yet (first start).
 * Returns what it did, for the start-up log.
 */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<"created" | "promoted" | "exists"> {
  if (await adminExists(db)) return "exists";
  try {
    return await createOrPromoteAdmin(db, email, password);
  } catch (err) {
    // Instances starting together on one database: another one created it first.
    if (isUniqueViolation(err)) return "exists";
    throw err;
  }
}

/**
 * Creates the admin account, or gives an existing account the admin role and this password, with
 * two-factor sign-in off (npm run admin:create: the way back in).
 */
export async function createOrPromoteAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<"created" | "promoted"> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      // The way back in for an admin who lost their authenticator and recovery codes: two-factor
      // sign-in is off again (they turn it on anew from their profile).
      await setRole(tx, existing.id, "admin");
      await setPassword(tx, existing.id, passwordHash);
      await clearTotp(tx, existing.id);
      await deleteUserSessions(tx, existing.id);
    });
    return "promoted";
  }
  await addAccount(db, {
    email: email.toLowerCase(),
    username: email.split("@")[0] ?? "admin",
    role: "admin",
    passwordHash,
  });
  return "created";
}
