import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Db } from "../../db/client.ts";
import { countHit, resetHits, uncountHit } from "./limits.repository.ts";

/**
 * A limit of `max` events per `windowMs` on keys that start with `prefix`. With `lockout`, the
 * max-th event starts the window again: past the limit, a key waits a whole window.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly options: { lockout?: boolean } = {},
  ) {}

  /** Counts an attempt: milliseconds until the key may try again when it is over the limit, else 0. */
  async hit(key: string): Promise<number> {
    const restartAt = this.options.lockout ? this.max : null;
    const { count, resetInMs } = await countHit(this.db, this.prefix + key, this.windowMs, restartAt);
    return count > this.max ? Math.max(resetInMs, 1) : 0;
  }

  undo(key: string) {
    return uncountHit(this.db, this.prefix + key);
  }

  reset(key: string) {
    return resetHits(this.db, this.prefix + key);
  }
}

const MINUTE = 60_000;

/**
 * E-mails anyone can make us send to an address (password reset, verification, account-deletion
 * confirmation, the support form's acknowledgement, the business portal's sign-in links and
 * resent invitations): at most 3 per recipient per 15 minutes and 10 per day, whoever asks and
 * from wherever. Counted in `rate_limits` like every other limit.
 */
export class RecipientMailLimit {
  private readonly short: AttemptLimiter;
  private readonly daily: AttemptLimiter;

  constructor(db: Db) {
    this.short = new AttemptLimiter(db, "mail-to:", 3, 15 * MINUTE);
    this.daily = new AttemptLimiter(db, "mail-to-daily:", 10, 24 * 60 * MINUTE);
  }

  /** Counts one e-mail to `address`: milliseconds until it may have another when it is over either limit (send nothing then), else 0. */
  async hit(address: string): Promise<number> {
    const key = address.toLowerCase();
    return (await this.short.hit(key)) || (await this.daily.hit(key));
  }

  /** Counts one e-mail to `address`: false when it is over either limit (send nothing then). */
  async allow(address: string): Promise<boolean> {
    return (await this.hit(address)) === 0;
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
