import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { type Db, preparedQuery } from "../../db/client.ts";
import {
  backOfficeSettings,
  recoveryCodes,
  sessions,
  usedSignInChallenges,
  users,
} from "../../db/schema/index.ts";

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  } & Partial<SessionDevice>,
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

/** What the app says about itself (X-App-Platform, X-App-Version, X-Device-Name). */
export interface SessionDevice {
  platform: string | null;
  appVersion: string | null;
  deviceName: string | null;
}

const liveSessionQuery = preparedQuery((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      platform: sessions.platform,
      appVersion: sessions.appVersion,
      deviceName: sessions.deviceName,
      userId: users.id,
      email: users.email,
      role: users.role,
      totpEnabledAt: users.totpEnabledAt,
      requireTwoFactor: backOfficeSettings.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(backOfficeSettings, sql`true`)
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("find_live_session"),
);

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** The live session for a token hash, with its user. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash });
  return row;
}

/** Marks a session used now; a sliding session's end moves to `expiresAt`; device fields given are kept. */
export async function touchSession(
  db: Db,
  sessionId: string,
  changes: { expiresAt?: Date } & Partial<SessionDevice> = {},
) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, ...changes })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends one session of a user (signed out from another device); undefined when it is not theirs. */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return row;
}

/** Ends every session of a user except `keepSessionId` (if given). */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** Replaces an account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code once: true only for the call that used it. */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string) {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(row);
}

/**
 * Marks a two-factor challenge used (by its hash) until it expires: true only for the first call.
 * A concurrent transaction claiming the same one waits for this one and then finds it taken. The
 * claims of expired challenges go on the way.
 */
export async function claimSignInChallenge(tx: Db, challengeHash: string, expiresAt: Date) {
  await tx.delete(usedSignInChallenges).where(lt(usedSignInChallenges.expiresAt, sql`now()`));
  const [row] = await tx
    .insert(usedSignInChallenges)
    .values({ challengeHash, expiresAt })
    .onConflictDoNothing()
    .returning({ challengeHash: usedSignInChallenges.challengeHash });
  return Boolean(row);
}

export const countRecoveryCodesLeft = (db: Db, userId: string) =>
  db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));

/** The back office's settings (their defaults while never saved). */
export async function readBackOfficeSettings(db: Db) {
  const [row] = await db.select().from(backOfficeSettings).limit(1);
  return { requireTwoFactor: row?.requireTwoFactor ?? false };
}

export async function saveBackOfficeSettings(db: Db, values: { requireTwoFactor: boolean }) {
  await db
    .insert(backOfficeSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: backOfficeSettings.id, set: { ...values, updatedAt: sql`now()` } });
}
