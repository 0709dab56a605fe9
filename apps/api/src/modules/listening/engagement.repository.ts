import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** Rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * How a group of listeners used Serene between two UTC days (inclusive), in aggregate only: how
 * many listened, minutes, sessions, each week's listeners and minutes, the interests of what
 * they heard (share of minutes), and how their mood moved over sessions that recorded it. Each
 * aggregate carries how many distinct listeners it rests on, so the caller can withhold it.
 */
export async function engagementOf(db: Db, userIds: string[], from: string, to: string) {
  // One array parameter however many listeners (a list of values would be one parameter each).
  const ids = `{${userIds.join(",")}}`;
  const within = sql`s.user_id = any(${ids}::uuid[]) and s.listened_seconds > 0
    and s.started_at >= ${from}::date and s.started_at < ${to}::date + 1`;
  const [totals] = rowsOf<{ listeners: number; seconds: number; sessions: number }>(
    await db.execute(sql`select count(distinct s.user_id)::int as listeners,
      coalesce(sum(s.listened_seconds), 0)::float8 as seconds, count(*)::int as sessions
      from listening_sessions s where ${within}`),
  );
  const weekly = rowsOf<{ week_start: string; listeners: number; seconds: number }>(
    await db.execute(sql`select to_char(date_trunc('week', s.started_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start,
      count(distinct s.user_id)::int as listeners, sum(s.listened_seconds)::float8 as seconds
      from listening_sessions s where ${within} group by 1 order by 1`),
  );
  const interests = rowsOf<{ name: string; seconds: number }>(
    await db.execute(sql`select i.name, sum(s.listened_seconds)::float8 as seconds
      from listening_sessions s join resources r on r.id = s.resource_id join interests i on i.id = r.interest_id
      where ${within} group by i.name order by 2 desc, 1 limit 5`),
  );
  const [mood] = rowsOf<{ listeners: number; sessions: number; improved: number; worse: number }>(
    await db.execute(sql`select count(distinct s.user_id)::int as listeners, count(*)::int as sessions,
      count(*) filter (where s.mood_before <> 'happy' and s.mood_after = 'happy')::int as improved,
      count(*) filter (where s.mood_before = 'happy' and s.mood_after <> 'happy')::int as worse
      from listening_sessions s where ${within} and s.mood_before is not null and s.mood_after is not null`),
  );
  return {
    listeners: totals?.listeners ?? 0,
    minutes: Math.round((totals?.seconds ?? 0) / 60),
    sessions: totals?.sessions ?? 0,
    weekly: weekly.map((w) => ({
      weekStart: w.week_start,
      listeners: w.listeners,
      minutes: Math.round(w.seconds / 60),
    })),
    interests: interests.map((i) => ({ name: i.name, seconds: i.seconds })),
    totalSeconds: totals?.seconds ?? 0,
    mood: mood ?? { listeners: 0, sessions: 0, improved: 0, worse: 0 },
  };
}
