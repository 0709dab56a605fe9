/** What a report writes beside its session (SQL only): the day totals, counted plays and progress. */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { listeningProgress, plays } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

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
export const dayTotalsFrom = (source: SQL) => sql`listener_day as (
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
      values (${userId}::uuid, ${iso(startedAt)}::timestamptz, ${seconds}::float8)
    ), ${dayTotalsFrom(sql`added`)} select 1`,
  );
}

// ---- Counted plays ----

/** A play (`alias`) of the listener and content within 24 hours of `at`, either side. */
export const playNear = (alias: SQL, userId: SQL, resourceId: SQL, at: SQL) =>
  sql`${alias}.user_id = ${userId} and ${alias}.resource_id = ${resourceId}
      and ${alias}.played_at > ${at} - interval '24 hours' and ${alias}.played_at < ${at} + interval '24 hours'`;

/** Whether the listener has a counted play of this content within 24 hours of `at` (either side). */
export async function hasPlayNear(db: Db, userId: string, resourceId: string, at: Date) {
  const rows = await queryRows(
    db,
    sql`select 1 from plays p
        where ${playNear(sql`p`, sql`${userId}::uuid`, sql`${resourceId}::uuid`, sql`${iso(at)}::timestamptz`)}
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
export const saveProgressFrom = (
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
      values (${userId}::uuid, ${resourceId}::uuid, ${position}::float8, ${iso(at)}::timestamptz)
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
