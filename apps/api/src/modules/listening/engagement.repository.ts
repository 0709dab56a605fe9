import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** Rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A stretch of time in which one listener's listening counts (ISO instants, until excluded). */
export interface Stretch {
  userId: string;
  from: string;
  until: string;
}

/**
 * How listeners used Serene within their stretches, in aggregate only: how many listened,
 * seconds, sessions, each month's and each ISO week's listeners (UTC), the interests of what
 * they heard with how many listened to each, and how their mood moved over sessions that
 * recorded it. A session counts when it started inside one of its listener's stretches. Each
 * aggregate carries how many distinct listeners it rests on, so the caller can withhold it.
 */
export async function engagementOf(db: Db, stretches: Stretch[]) {
  // One array parameter per column however many stretches (a list of values is one parameter each).
  const array = (values: string[]) => `{${values.join(",")}}`;
  const ids = array([...new Set(stretches.map((h) => h.userId))]);
  const within = sql`s.user_id = any(${ids}::uuid[]) and s.listened_seconds > 0 and exists (
    select 1 from unnest(${array(stretches.map((h) => h.userId))}::uuid[],
      ${array(stretches.map((h) => h.from))}::timestamptz[],
      ${array(stretches.map((h) => h.until))}::timestamptz[]) as h(user_id, held_from, held_until)
    where h.user_id = s.user_id and s.started_at >= h.held_from and s.started_at < h.held_until)`;
  const [totals] = rowsOf<{ listeners: number; seconds: number; sessions: number }>(
    await db.execute(sql`select count(distinct s.user_id)::int as listeners,
      coalesce(sum(s.listened_seconds), 0)::float8 as seconds, count(*)::int as sessions
      from listening_sessions s where ${within}`),
  );
  const period = (unit: "month" | "week", format: string) =>
    sql`to_char(date_trunc(${unit}, s.started_at at time zone 'UTC'), ${format})`;
  const monthly = rowsOf<{ month: string; listeners: number }>(
    await db.execute(sql`select ${period("month", "YYYY-MM")} as month, count(distinct s.user_id)::int as listeners
      from listening_sessions s where ${within} group by 1 order by 1`),
  );
  const weekly = rowsOf<{ week_start: string; listeners: number; seconds: number }>(
    await db.execute(sql`select ${period("week", "YYYY-MM-DD")} as week_start,
      count(distinct s.user_id)::int as listeners, sum(s.listened_seconds)::float8 as seconds
      from listening_sessions s where ${within} group by 1 order by 1`),
  );
  const interests = rowsOf<{ name: string; listeners: number; seconds: number }>(
    await db.execute(sql`select i.name, count(distinct s.user_id)::int as listeners, sum(s.listened_seconds)::float8 as seconds
      from listening_sessions s join resources r on r.id = s.resource_id join interests i on i.id = r.interest_id
      where ${within} group by i.name order by 3 desc, 1`),
  );
  const [mood] = rowsOf<{ listeners: number; sessions: number; improved: number; worse: number }>(
    await db.execute(sql`select count(distinct s.user_id)::int as listeners, count(*)::int as sessions,
      count(*) filter (where s.mood_before <> 'happy' and s.mood_after = 'happy')::int as improved,
      count(*) filter (where s.mood_before = 'happy' and s.mood_after <> 'happy')::int as worse
      from listening_sessions s where ${within} and s.mood_before is not null and s.mood_after is not null`),
  );
  return {
    listeners: totals?.listeners ?? 0,
    seconds: totals?.seconds ?? 0,
    sessions: totals?.sessions ?? 0,
    monthly,
    weekly: weekly.map((w) => ({ weekStart: w.week_start, listeners: w.listeners, seconds: w.seconds })),
    interests,
    mood: mood ?? { listeners: 0, sessions: 0, improved: 0, worse: 0 },
  };
}
