/** Listening sessions (SQL only): opened, reported in one statement, ended, closed when silent, synced offline. */
import { and, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type Db, queryRowsPrepared } from "../../db/client.ts";
import { listeningSessions, listeningSyncRefusals, resources } from "../../db/schema/index.ts";
import { dayTotalsFrom, playNear, saveProgressFrom } from "./progress.repository.ts";
import { iso } from "../../lib/iso.ts";

export type NewSession = typeof listeningSessions.$inferInsert;

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
  const at = iso(r.at);
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
