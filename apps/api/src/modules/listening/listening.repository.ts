import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type After, keysetAfter } from "../../lib/paging.ts";
import {
  favourites,
  interests,
  listeningProgress,
  listeningSessions,
  listeningSyncRefusals,
  plays,
  resources,
  users,
} from "../../db/schema/index.ts";

export type SessionRow = typeof listeningSessions.$inferSelect;
export type NewSession = typeof listeningSessions.$inferInsert;

/** The columns of a content the app shows (appResource, as the catalogue presents it), with its interest's name. */
const appResourceColumns = {
  resource: resources,
  interestName: interests.name,
};

const published = eq(resources.reviewState, "published");

/** What the listening rules need to know of a listener. */
export async function findListener(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      paidUntil: users.paidUntil,
      timeCreated: users.timeCreated,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type Listener = NonNullable<Awaited<ReturnType<typeof findListener>>>;

export async function findPublishedResources(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(appResourceColumns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(inArray(resources.id, ids), published));
}

// ---- Sessions ----

/** Ends the listener's open session of a content (a new one replaces it). */
export async function endOpenSessions(db: Db, userId: string, resourceId: string, at: Date) {
  await db
    .update(listeningSessions)
    .set({ endedAt: at })
    .where(
      and(
        eq(listeningSessions.userId, userId),
        eq(listeningSessions.resourceId, resourceId),
        isNull(listeningSessions.endedAt),
      ),
    );
}

export async function insertSession(db: Db, values: NewSession) {
  const [row] = await db.insert(listeningSessions).values(values).returning();
  return row!;
}

/** An offline session, once per listener and clientId: null when that clientId is known already. */
export async function insertSyncedSession(db: Db, values: NewSession) {
  const [row] = await db
    .insert(listeningSessions)
    .values(values)
    .onConflictDoNothing({ target: [listeningSessions.userId, listeningSessions.clientId] })
    .returning({ id: listeningSessions.id });
  return row ?? null;
}

/** A listener's session, locked for this transaction, with its content's length. */
export async function lockSession(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ session: listeningSessions, durationSeconds: resources.durationSeconds })
    .from(listeningSessions)
    .innerJoin(resources, eq(resources.id, listeningSessions.resourceId))
    .where(and(eq(listeningSessions.id, id), eq(listeningSessions.userId, userId)))
    .for("update", { of: listeningSessions });
  return row;
}

export async function updateSession(db: Db, id: string, values: Partial<NewSession>) {
  await db.update(listeningSessions).set(values).where(eq(listeningSessions.id, id));
}

/**
 * Ends sessions with no report since `before` (at their last report), in one instance only:
 * the transaction-scoped advisory lock is taken by one caller, the others skip. Answers how
 * many were closed, or null when another instance holds the lock.
 */
export async function closeSilentSessions(db: Db, before: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ ok: sql<boolean>`pg_try_advisory_xact_lock(${SILENT_SESSIONS_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return null;
    const closed = await tx
      .update(listeningSessions)
      .set({ endedAt: listeningSessions.lastReportAt })
      .where(and(isNull(listeningSessions.endedAt), lt(listeningSessions.lastReportAt, before)))
      .returning({ id: listeningSessions.id });
    return closed.length;
  });
}
// Any fixed number, distinct from the other advisory locks of the app.
const SILENT_SESSIONS_LOCK = 36_036;

/** The verdicts already given to these clientIds: accepted ones are sessions, refused ones are kept apart. */
export async function knownSyncVerdicts(db: Db, userId: string, clientIds: string[]) {
  const [accepted, refused] = await Promise.all([
    db
      .select({ clientId: listeningSessions.clientId })
      .from(listeningSessions)
      .where(and(eq(listeningSessions.userId, userId), inArray(listeningSessions.clientId, clientIds))),
    db
      .select({ clientId: listeningSyncRefusals.clientId, reason: listeningSyncRefusals.reason })
      .from(listeningSyncRefusals)
      .where(
        and(eq(listeningSyncRefusals.userId, userId), inArray(listeningSyncRefusals.clientId, clientIds)),
      ),
  ]);
  const verdicts = new Map<string, string | null>();
  for (const r of accepted) verdicts.set(r.clientId!, null);
  for (const r of refused) verdicts.set(r.clientId, r.reason);
  return verdicts;
}

/** Keeps a refusal (the first one stays when the clientId was refused before). */
export async function insertSyncRefusal(db: Db, userId: string, clientId: string, reason: string) {
  await db.insert(listeningSyncRefusals).values({ userId, clientId, reason }).onConflictDoNothing();
}

// ---- Counted plays ----

/** Whether the listener has a counted play of this content within 24 hours of `at` (either side). */
export async function hasPlayNear(db: Db, userId: string, resourceId: string, at: Date) {
  const day = 24 * 3_600_000;
  const [row] = await db
    .select({ id: plays.id })
    .from(plays)
    .where(
      and(
        eq(plays.userId, userId),
        eq(plays.resourceId, resourceId),
        gt(plays.playedAt, new Date(at.getTime() - day)),
        lt(plays.playedAt, new Date(at.getTime() + day)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Records a counted play and adds it to the content's `no_plays`. */
export async function insertPlay(
  db: Db,
  values: { userId: string; resourceId: string; sessionId: string; at: Date },
) {
  await db.insert(plays).values({
    userId: values.userId,
    resourceId: values.resourceId,
    sessionId: values.sessionId,
    playedAt: values.at,
  });
  await db
    .update(resources)
    .set({ noPlays: sql`${resources.noPlays} + 1` })
    .where(eq(resources.id, values.resourceId));
}

// ---- Progress ----

/**
 * Saves where the listener is in a content; the most recent listening wins (an older one, e.g.
 * synced late, changes nothing). Listening again shows it in continue listening again. Also
 * locks the listener's row of this content, so counting a play is serialised per listener and content.
 */
export async function saveProgress(db: Db, userId: string, resourceId: string, position: number, at: Date) {
  await db
    .insert(listeningProgress)
    .values({ userId, resourceId, position, updatedAt: at })
    .onConflictDoUpdate({
      target: [listeningProgress.userId, listeningProgress.resourceId],
      set: { position, hidden: false, updatedAt: at },
      setWhere: sql`${listeningProgress.updatedAt} <= ${at}`,
    });
}

export async function findProgress(db: Db, userId: string, resourceId: string) {
  const [row] = await db
    .select()
    .from(listeningProgress)
    .where(and(eq(listeningProgress.userId, userId), eq(listeningProgress.resourceId, resourceId)));
  return row;
}

export async function hideProgress(db: Db, userId: string, resourceId: string) {
  await db
    .update(listeningProgress)
    .set({ hidden: true })
    .where(and(eq(listeningProgress.userId, userId), eq(listeningProgress.resourceId, resourceId)));
}

/** Continue listening: started, not finished, not hidden, newest first. */
export async function listContinue(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({
      ...appResourceColumns,
      position: listeningProgress.position,
      updatedAt: listeningProgress.updatedAt,
    })
    .from(listeningProgress)
    .innerJoin(resources, eq(resources.id, listeningProgress.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningProgress.userId, userId),
        sql`not ${listeningProgress.hidden} and ${listeningProgress.position} > 0`,
        published,
        keysetAfter(listeningProgress.updatedAt, listeningProgress.resourceId, after),
      ),
    )
    .orderBy(desc(listeningProgress.updatedAt), desc(listeningProgress.resourceId))
    .limit(limit);
}

/** History: sessions newest first by start. */
export async function listHistory(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({
      ...appResourceColumns,
      id: listeningSessions.id,
      listenedSeconds: listeningSessions.listenedSeconds,
      startedAt: listeningSessions.startedAt,
      finished: listeningSessions.finished,
    })
    .from(listeningSessions)
    .innerJoin(resources, eq(resources.id, listeningSessions.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningSessions.userId, userId),
        published,
        keysetAfter(listeningSessions.startedAt, listeningSessions.id, after),
      ),
    )
    .orderBy(desc(listeningSessions.startedAt), desc(listeningSessions.id))
    .limit(limit);
}

// ---- Favourites ----

export async function addFavourite(db: Db, userId: string, resourceId: string) {
  await db.insert(favourites).values({ userId, resourceId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, userId: string, resourceId: string) {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.resourceId, resourceId)));
}

export async function listFavourites(db: Db, userId: string, after: After, limit: number) {
  return db
    .select({ ...appResourceColumns, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(resources, eq(resources.id, favourites.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(favourites.userId, userId),
        published,
        keysetAfter(favourites.createdAt, favourites.resourceId, after),
      ),
    )
    .orderBy(desc(favourites.createdAt), desc(favourites.resourceId))
    .limit(limit);
}

// ---- Stats ----

/** The listener's day of an instant: its date in `timeZone`, the day turning at 04:00. */
const localDay = (column: unknown, timeZone: string) =>
  sql<string>`to_char((${column} at time zone ${timeZone}) - interval '4 hours', 'YYYY-MM-DD')`;

const moodLiftColumns = {
  moodSessions: sql<number>`count(*) filter (where ${listeningSessions.moodBefore} is not null and ${listeningSessions.moodAfter} is not null)::int`,
  improved: sql<number>`count(*) filter (where ${listeningSessions.moodBefore} <> 'happy' and ${listeningSessions.moodAfter} = 'happy')::int`,
  worse: sql<number>`count(*) filter (where ${listeningSessions.moodBefore} = 'happy' and ${listeningSessions.moodAfter} <> 'happy')::int`,
};

/** Per listener's day since `from`: seconds listened, sessions, completions and mood lift. */
export async function listeningByDay(db: Db, userId: string, timeZone: string, from: Date) {
  const day = localDay(listeningSessions.startedAt, timeZone);
  return (
    db
      .select({
        day,
        seconds: sql<number>`coalesce(sum(${listeningSessions.listenedSeconds}), 0)::float8`,
        sessions: sql<number>`count(*)::int`,
        completions: sql<number>`count(*) filter (where ${listeningSessions.finished})::int`,
        ...moodLiftColumns,
      })
      .from(listeningSessions)
      .where(and(eq(listeningSessions.userId, userId), gt(listeningSessions.startedAt, from)))
      // By position: the day expression carries a bound time zone, written twice it would be two expressions.
      .groupBy(sql`1`)
  );
}

/** The listener's days (oldest first) with at least one counted play. */
export async function playDays(db: Db, userId: string, timeZone: string) {
  const day = localDay(plays.playedAt, timeZone);
  const rows = await db
    .selectDistinct({ day })
    .from(plays)
    .where(eq(plays.userId, userId))
    .orderBy(sql`1`);
  return rows.map((r) => r.day);
}

/** The back office's figures per content, from the same sessions and counted plays. */
export async function contentStats(db: Db, resourceIds: string[]) {
  if (!resourceIds.length) return [];
  return db
    .select({
      resourceId: resources.id,
      countedPlays: resources.noPlays,
      uniqueListeners: sql<number>`count(distinct ${listeningSessions.userId})::int`,
      seconds: sql<number>`coalesce(sum(${listeningSessions.listenedSeconds}), 0)::float8`,
      sessions: sql<number>`count(${listeningSessions.id})::int`,
      completions: sql<number>`count(*) filter (where ${listeningSessions.finished})::int`,
      ...moodLiftColumns,
    })
    .from(resources)
    .leftJoin(listeningSessions, eq(listeningSessions.resourceId, resources.id))
    .where(inArray(resources.id, resourceIds))
    .groupBy(resources.id);
}

/** "Avg. time on app": seconds listened over the (listener, UTC day) pairs with listening since `from`. */
export async function listeningPerListenerDay(db: Db, from: Date) {
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${listeningSessions.listenedSeconds}), 0)::float8`,
      listenerDays: sql<number>`count(distinct (${listeningSessions.userId}, (${listeningSessions.startedAt} at time zone 'UTC')::date))::int`,
    })
    .from(listeningSessions)
    .where(and(gt(listeningSessions.startedAt, from), gt(listeningSessions.listenedSeconds, 0)));
  return row!.listenerDays > 0 ? Math.round(row!.seconds / row!.listenerDays) : 0;
}
