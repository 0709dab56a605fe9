/** Listening figures (SQL only): a listener's days, their counted plays, a content's figures, the dashboard's average. */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { listeningDayTotals, listeningSessions, plays, resources } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

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
  const fromDay = iso(new Date(at.getTime() - (days - 1) * 86_400_000)).slice(0, 10);
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
