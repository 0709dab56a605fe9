import { and, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, queryRowsPrepared } from "../../db/client.ts";
import { type After, cursorTime, keysetAfter } from "../../lib/paging.ts";
import {
  favourites,
  interests,
  listeningDayTotals,
  listeningProgress,
  listeningSessions,
  listeningSyncRefusals,
  plays,
  resources,
  users,
} from "../../db/schema/index.ts";
import { listedResource } from "../../db/trash.ts";

export type SessionRow = typeof listeningSessions.$inferSelect;
export type NewSession = typeof listeningSessions.$inferInsert;

/** The columns of a content the app shows (appResource, as the catalogue presents it), with its interest's name. */
const appResourceColumns = {
  resource: resources,
  interestName: interests.name,
};

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
    .where(and(inArray(resources.id, ids), listedResource));
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

/** Ends a session, unless it has ended already. */
export async function endSession(db: Db, id: string, at: Date) {
  await db
    .update(listeningSessions)
    .set({ endedAt: at })
    .where(and(eq(listeningSessions.id, id), isNull(listeningSessions.endedAt)));
}

export async function insertSession(db: Db, values: NewSession) {
  const [row] = await db.insert(listeningSessions).values(values).returning();
  return row!;
}

/** An offline session, once per listener and clientId: null when that clientId is known already. */
/**
 * Records a session listened offline (unless the same client id is already in); whether it
 * finished is judged by the same rule as a live report.
 */
export async function insertSyncedSession(
  db: Db,
  values: Omit<typeof listeningSessions.$inferInsert, "finished"> & { position: number },
  durationSeconds: number | null,
) {
  const finished = finishedSql(sql`${values.position}::float8`, sql`${durationSeconds}::float8`);
  const [row] = await db
    .insert(listeningSessions)
    .values({ ...values, finished })
    .onConflictDoNothing({ target: [listeningSessions.userId, listeningSessions.clientId] })
    .returning({ id: listeningSessions.id, finished: listeningSessions.finished });
  return row ?? null;
}

/** A listener's session, as it is. */
export async function findSession(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(listeningSessions)
    .where(and(eq(listeningSessions.id, id), eq(listeningSessions.userId, userId)));
  return row;
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
 * Finished when what remains is under 10 s or under 5% of the length, whichever is smaller
 * (never for a content of unknown length). SQL, so that a report is judged in its one statement.
 */
export const finishedSql = (position: SQL, durationSeconds: SQL) =>
  sql`coalesce(${durationSeconds} > 0 and ${durationSeconds} - ${position} < least(10, 0.05 * ${durationSeconds}), false)`;

export interface ReportValues {
  userId: string;
  sessionId: string;
  seq: number;
  /** Seconds listened since the previous report, as the app says (clamped here). */
  listenedSeconds: number;
  position: number;
  at: Date;
  /** Ends the session too, with the moods the listener gave (the one it had before wins). */
  end: { moodBefore: string | null; moodAfter: string | null } | null;
}

/**
 * A progress report in one statement (one round trip, no transaction): on the listener's open
 * session, when `seq` is newer, adds the seconds clamped to the wall time since the previous
 * report, takes the position (clamped to the length), finishes it when the rule says so, saves
 * the listener's progress (0 once finished) and adds the seconds to the day totals. Answers the
 * session after the report, with whether a play of this listener and content lies within 24
 * hours (read while the session is not counted); undefined when nothing was taken (unknown,
 * ended, or a replayed seq). It commits like every write: answered, it is on disk.
 */
export async function reportProgress(db: Db, r: ReportValues) {
  const at = r.at.toISOString();
  const [row] = await queryRowsPrepared<{
    resourceId: string;
    listenedSeconds: number;
    counted: boolean;
    finished: boolean;
    durationSeconds: number | null;
    playNear: boolean;
  }>(
    db,
    r.end ? "listening_report_end" : "listening_report",
    sql`with s as (
      select ls.id, ls.user_id, ls.resource_id, ls.started_at, r.duration_seconds,
             least(${r.listenedSeconds}::float8,
                   greatest(0, extract(epoch from (${at}::timestamptz - ls.last_report_at))))::float8 as seconds,
             least(${r.position}::float8, r.duration_seconds) as position
      from listening_sessions ls join resources r on r.id = ls.resource_id
      where ls.id = ${r.sessionId} and ls.user_id = ${r.userId} and ls.ended_at is null and ls.seq < ${r.seq}
      for update of ls
    ), judged as (
      select s.*, ${finishedSql(sql`s.position`, sql`s.duration_seconds`)} as finished_now from s
    ), updated as (
      update listening_sessions ls
      set seq = ${r.seq}, listened_seconds = ls.listened_seconds + j.seconds, position = j.position,
          finished = ls.finished or j.finished_now, last_report_at = ${at}::timestamptz
          ${
            r.end
              ? sql`, ended_at = ${at}::timestamptz, mood_after = coalesce(${r.end.moodAfter}::mood, ls.mood_after),
                      mood_before = coalesce(ls.mood_before, ${r.end.moodBefore}::mood)`
              : sql``
          }
      from judged j where ls.id = j.id
      returning ls.resource_id, ls.listened_seconds, ls.counted, ls.finished, j.duration_seconds
    ), progress as (
      ${saveProgressFrom(sql`(select user_id, resource_id, case when finished_now then 0 else position end as position,
                                     ${at}::timestamptz as at from judged)`)}
    ), ${dayTotalsFrom(sql`judged`)}
    select u.resource_id as "resourceId", u.listened_seconds as "listenedSeconds", u.counted, u.finished,
           u.duration_seconds as "durationSeconds",
           (not u.counted and exists (select 1 from plays p where ${playNear(sql`p`, sql`${r.userId}::uuid`, sql`u.resource_id`, sql`${at}::timestamptz`)})) as "playNear"
    from updated u`,
  );
  return row;
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

// ---- Day totals ----

/**
 * Day totals are split in this many rows per day (see listeningDayTotals); a statement adds to
 * the row of its database connection, which no other statement running at that time uses
 * (connections rarely share one), so concurrent reports do not wait on each other's row.
 */
const DAY_TOTAL_SHARDS = 64;

/**
 * CTEs (`listener_day`, `day_total`) adding the seconds of the sessions in `source` (user_id,
 * started_at, seconds: one row per listener and day) to the totals of their start's UTC day,
 * and counting a listener's day the first time it has seconds.
 */
const dayTotalsFrom = (source: SQL) => sql`listener_day as (
      insert into listening_user_days (user_id, day)
      select user_id, (started_at at time zone 'UTC')::date from ${source} where seconds > 0
      on conflict do nothing
      returning user_id, day
    ), day_total as (
      insert into listening_day_totals as t (day, shard, seconds, listener_days)
      select (src.started_at at time zone 'UTC')::date, pg_backend_pid() % ${DAY_TOTAL_SHARDS}, src.seconds,
             (select count(*) from listener_day d
              where d.user_id = src.user_id and d.day = (src.started_at at time zone 'UTC')::date)::int
      from ${source} src where src.seconds > 0
      on conflict (day, shard) do update
      set seconds = t.seconds + excluded.seconds, listener_days = t.listener_days + excluded.listener_days
    )`;

/** Adds the seconds of a session recorded whole (offline sync) to the day totals. */
export async function addToDayTotals(db: Db, userId: string, startedAt: Date, seconds: number) {
  await db.execute(
    sql`with added (user_id, started_at, seconds) as (
      values (${userId}::uuid, ${startedAt.toISOString()}::timestamptz, ${seconds}::float8)
    ), ${dayTotalsFrom(sql`added`)} select 1`,
  );
}

// ---- Counted plays ----

/** A play (`alias`) of the listener and content within 24 hours of `at`, either side. */
const playNear = (alias: SQL, userId: SQL, resourceId: SQL, at: SQL) =>
  sql`${alias}.user_id = ${userId} and ${alias}.resource_id = ${resourceId}
      and ${alias}.played_at > ${at} - interval '24 hours' and ${alias}.played_at < ${at} + interval '24 hours'`;

/** Whether the listener has a counted play of this content within 24 hours of `at` (either side). */
export async function hasPlayNear(db: Db, userId: string, resourceId: string, at: Date) {
  const rows = await queryRows(
    db,
    sql`select 1 from plays p
        where ${playNear(sql`p`, sql`${userId}::uuid`, sql`${resourceId}::uuid`, sql`${at.toISOString()}::timestamptz`)}
        limit 1`,
  );
  return rows.length > 0;
}

/** Records a counted play. */
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
}

// ---- Progress ----

/**
 * Saves where the listener is in a content, from `source` rows (user_id, resource_id, position,
 * at); the most recent listening wins (an older one, e.g. synced late, changes nothing).
 * Listening again shows it in continue listening again.
 */
const saveProgressFrom = (
  source: SQL,
) => sql`insert into listening_progress as p (user_id, resource_id, position, updated_at)
      select user_id, resource_id, position, at from ${source} src
      on conflict (user_id, resource_id) do update
      set position = excluded.position, hidden = false, updated_at = excluded.updated_at
      where p.updated_at <= excluded.updated_at`;

/** Saves where the listener is in a content (see saveProgressFrom). */
export async function saveProgress(db: Db, userId: string, resourceId: string, position: number, at: Date) {
  await db.execute(
    sql`with saved (user_id, resource_id, position, at) as (
      values (${userId}::uuid, ${resourceId}::uuid, ${position}::float8, ${at.toISOString()}::timestamptz)
    ) ${saveProgressFrom(sql`saved`)}`,
  );
}

/** Locks the listener's progress row of a content: counting a play is serialised per listener and content. */
export async function lockProgress(db: Db, userId: string, resourceId: string) {
  await db
    .select({ position: listeningProgress.position })
    .from(listeningProgress)
    .where(and(eq(listeningProgress.userId, userId), eq(listeningProgress.resourceId, resourceId)))
    .for("update");
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
      cursorAt: cursorTime(listeningProgress.updatedAt),
    })
    .from(listeningProgress)
    .innerJoin(resources, eq(resources.id, listeningProgress.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningProgress.userId, userId),
        sql`not ${listeningProgress.hidden} and ${listeningProgress.position} > 0`,
        listedResource,
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
      cursorAt: cursorTime(listeningSessions.startedAt),
    })
    .from(listeningSessions)
    .innerJoin(resources, eq(resources.id, listeningSessions.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(listeningSessions.userId, userId),
        listedResource,
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
    .select({ ...appResourceColumns, cursorAt: cursorTime(favourites.createdAt) })
    .from(favourites)
    .innerJoin(resources, eq(resources.id, favourites.resourceId))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        eq(favourites.userId, userId),
        listedResource,
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
      // least() skips nulls, so sessions (and a known length) are required rather than left to null.
      averageShare: sql<
        number | null
      >`(avg(least(1, ${listeningSessions.listenedSeconds} / ${resources.durationSeconds}))
        filter (where ${listeningSessions.id} is not null and ${resources.durationSeconds} > 0))::float8`,
      ...moodLiftColumns,
    })
    .from(resources)
    .leftJoin(listeningSessions, eq(listeningSessions.resourceId, resources.id))
    .where(inArray(resources.id, resourceIds))
    .groupBy(resources.id);
}

/**
 * "Avg. time on app": seconds listened over the (listener, UTC day) pairs with listening, for
 * the sessions started on the last `days` UTC days up to the one of `at` (included), from the day totals.
 */
export async function listeningPerListenerDay(db: Db, at: Date, days = 30) {
  const fromDay = new Date(at.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${listeningDayTotals.seconds}), 0)::float8`,
      listenerDays: sql<number>`coalesce(sum(${listeningDayTotals.listenerDays}), 0)::int`,
    })
    .from(listeningDayTotals)
    .where(sql`${listeningDayTotals.day} >= ${fromDay}`);
  return row!.listenerDays > 0 ? Math.round(row!.seconds / row!.listenerDays) : 0;
}

/** The first counted play of a listener's day (turning at 04:00 in `timeZone`): its session, or undefined. */
export async function firstPlayOfDay(db: Db, userId: string, timeZone: string, day: string) {
  const [row] = await db
    .select({ sessionId: plays.sessionId })
    .from(plays)
    .where(and(eq(plays.userId, userId), sql`${localDay(plays.playedAt, timeZone)} = ${day}`))
    .orderBy(plays.playedAt, plays.id)
    .limit(1);
  return row;
}
