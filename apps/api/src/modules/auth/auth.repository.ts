import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { type Db, preparedQuery } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";

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
      lastSeenAt: sessions.lastSeenAt,
      platform: sessions.platform,
      appVersion: sessions.appVersion,
      deviceName: sessions.deviceName,
      userId: users.id,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("find_live_session"),
);

/** The live session for a token hash, with its user. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash });
  return row;
}

/** Marks a session used now; a sliding session's end moves to `expiresAt`; device fields given are kept. */
export async function touchSession(
  db: Db,
  sessionId: string,
  userId: string,
  changes: { expiresAt?: Date } & Partial<SessionDevice> = {},
) {
  await Promise.all([
    db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, ...changes })
      .where(eq(sessions.id, sessionId)),
    db
      .update(users)
      .set({ lastActiveAt: sql`now()` })
      .where(eq(users.id, userId)),
  ]);
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
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
