import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/**
 * Counts events per key in a fixed window (failed sign-ins of an account from an address, requests
 * of an address to a route) in the database's `rate_limits` table, so the counts hold across
 * restarts and are shared by every instance on one PostgreSQL. The window starts at a key's first
 * event and is measured by the database clock; one statement counts atomically.
 */
export async function countHit(db: Db, key: string, windowMs: number) {
  const [row] = await queryRows<{ count: number; reset_in_ms: number }>(
    db,
    sql`insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then 1 else r.count + 1 end,
          window_start = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then now() else r.window_start end
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

/** A limit of `max` events per `windowMs` on keys that start with `prefix`. */
export class AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts an attempt: milliseconds until the key may try again when it is over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const { count, resetInMs } = await countHit(this.db, this.prefix + key, this.windowMs);
    return count > this.max ? Math.max(resetInMs, 1) : 0;
  }

  undo(key: string) {
    return uncountHit(this.db, this.prefix + key);
  }

  reset(key: string) {
    return resetHits(this.db, this.prefix + key);
  }
}

/**
 * A store for @fastify/rate-limit on the same table: each route counts under its own prefix
 * (method and URL), as the plugin's in-memory store does.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = "route:",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, this.prefix + key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(
        routeOptions,
        `route:${String(route?.method ?? "")}${route?.url ?? ""}:`,
      );
    }
  };
}
