import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/**
 * Counts events per key in a fixed window (failed sign-ins of an account from an address, requests
 * of an address to a route) in the database's `rate_limits` table, so the counts hold across
 * restarts and are shared by every instance on one PostgreSQL. The window starts at a key's first
 * event and is measured by the database clock; one statement counts atomically. With
 * `restartAt`, the event that brings the count to it starts the window again: the key is then
 * refused for a whole window after it, however early in the window it came.
 */
export async function countHit(db: Db, key: string, windowMs: number, restartAt: number | null = null) {
  const [row] = await queryRows<{ count: number; reset_in_ms: number }>(
    db,
    sql`insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then 1 else r.count + 1 end,
          window_start = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then now()
                              when r.count + 1 = ${restartAt}::int then now() else r.window_start end
        returning count, greatest(0, ceil(extract(epoch from r.window_start + make_interval(secs => ${windowMs / 1000}) - now()) * 1000))::int as reset_in_ms`,
  );
  return { count: Number(row!.count), resetInMs: Number(row!.reset_in_ms) };
}

/** Takes one event back (an attempt that turned out to be fine). */
export async function uncountHit(db: Db, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function resetHits(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Removes counters whose window ended long ago (the scheduled jobs run it). */
export async function sweepRateLimits(db: Db, olderThanMs = 24 * 3600_000): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanMs / 1000}) returning key`,
  );
  return rows.length;
}

/**
 * Takes the `job_claims` row named `job` for `claimant` until `until` when no one holds it
 * (its claimed_until has passed): true when taken.
 */
async function claimUntil(db: Db, job: string, claimant: string, until: SQL): Promise<boolean> {
  const rows = await queryRows<{ job: string }>(
    db,
    sql`insert into job_claims as j (job, claimed_by, claimed_until)
        values (${job}, ${claimant}, ${until})
        on conflict (job) do update set claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
        where j.claimed_until <= now()
        returning job`,
  );
  return rows.length === 1;
}

/** Claims a job's run in the database: true when no other instance holds a live claim on it. */
export async function claimJob(
  db: Db,
  job: string,
  claimant: string,
  leaseSeconds: number,
): Promise<boolean> {
  return claimUntil(db, job, claimant, sql`now() + make_interval(secs => ${leaseSeconds})`);
}

export async function finishJob(db: Db, job: string, claimant: string) {
  await db.execute(
    sql`update job_claims set claimed_until = now(), last_finished_at = now()
        where job = ${job} and claimed_by = ${claimant}`,
  );
}

/**
 * Claims the current slot of `slot`: slots are `intervalSeconds` long and start at multiples of
 * it since the epoch, by the database clock (so instances agree whatever their own clocks say).
 * True for the first caller in a slot, false for every other one until the slot ends; the claim
 * is never released, the next slot is claimed afresh.
 */
export async function claimSlot(db: Db, slot: string, claimant: string, intervalSeconds: number) {
  const seconds = sql`${intervalSeconds}::float8`;
  return claimUntil(
    db,
    slot,
    claimant,
    sql`to_timestamp((floor(extract(epoch from now())::float8 / ${seconds}) + 1) * ${seconds})`,
  );
}
