import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit and attempt counters shared by every instance: one row per key (e.g. a route and
 * a client address), counting events in a fixed window that starts at the key's first event.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/** Scheduled jobs: a run is claimed here, so with several instances one runs it at a time. */
export const jobClaims = pgTable("job_claims", {
  job: text("job").primaryKey(),
  /** host:pid of the instance running it. */
  claimedBy: text("claimed_by").notNull(),
  /** The claim lapses then, so a crashed instance never blocks the job for good. */
  claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
});

/**
 * How many rows a large table holds, kept by statement-level triggers (`serene_count_rows`,
 * migration 0008), so an unfiltered list shows its exact total without counting every row.
 */
export const rowCounts = pgTable("row_counts", {
  tableName: text("table_name").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});
