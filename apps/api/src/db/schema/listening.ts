import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { resources } from "./catalogue.ts";
import { device, mood } from "./enums.ts";
import { users } from "./users.ts";

/**
 * One listening of one content by one listener: opened by the app (or sent whole by offline
 * sync, with the app's `clientId`), fed by progress reports numbered by `seq`, closed by the
 * app, by the next session of the same content, or by the job after 36 hours of silence.
 */
export const listeningSessions = pgTable(
  "listening_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    /** The app's id of a session recorded offline; null for live sessions. */
    clientId: uuid("client_id"),
    /** The `seq` of the last report taken; a report with a lower or equal one is a replay. */
    seq: integer("seq").notNull().default(0),
    /** Seconds listened in total, each report clamped to the wall time since the previous one. */
    listenedSeconds: doublePrecision("listened_seconds").notNull().default(0),
    position: doublePrecision("position").notNull().default(0),
    moodBefore: mood("mood_before"),
    moodAfter: mood("mood_after"),
    /** This session made a play count (see the `plays` row pointing at it). */
    counted: boolean("counted").notNull().default(false),
    finished: boolean("finished").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastReportAt: timestamp("last_report_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("listening_sessions_user_started_idx").on(t.userId, t.startedAt.desc(), t.id.desc()),
    index("listening_sessions_resource_idx").on(t.resourceId),
    index("listening_sessions_started_idx").on(t.startedAt),
    uniqueIndex("listening_sessions_client_uq").on(t.userId, t.clientId),
    // The open session of a listener and content (at most one), and the 36-hour sweep (which
    // reads the open sessions' last report from the table). No index holds a column that a
    // progress report changes, so a report's update is a HOT update (no index entry written).
    index("listening_sessions_open_idx")
      .on(t.userId, t.resourceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * The (listener, UTC day of a session's start) pairs with listening: the first seconds of a
 * listener's day add one to that day's `listener_days` in listening_day_totals.
 */
export const listeningUserDays = pgTable(
  "listening_user_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Seconds listened and listeners who listened, per UTC day of the sessions' start ("Avg. time
 * on app" reads 30 days of these instead of the sessions). Each day is split in `shard` rows
 * (a report adds to the row of its database connection), so that concurrent reports do not
 * wait on one row; a day's figure is the sum of its rows.
 */
export const listeningDayTotals = pgTable(
  "listening_day_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    seconds: doublePrecision("seconds").notNull().default(0),
    listenerDays: integer("listener_days").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/** An offline session refused by sync, kept so that sending it again answers the same verdict. */
export const listeningSyncRefusals = pgTable(
  "listening_sync_refusals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: uuid("client_id").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/** Where a listener is in a content (continue listening); `hidden` once they removed it from the list. */
export const listeningProgress = pgTable(
  "listening_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    /** 0 once finished: the next listening starts again from the beginning. */
    position: doublePrecision("position").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    /** When this listening happened (not when it reached the server): the most recent one wins. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  // Only the primary key: continue listening reads a listener's rows by it and sorts them (a
  // listener has tens to hundreds), and a progress report's update stays a HOT update.
  (t) => [primaryKey({ columns: [t.userId, t.resourceId] })],
);

export const favourites = pgTable(
  "favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    index("favourites_user_idx").on(t.userId, t.createdAt.desc(), t.resourceId.desc()),
  ],
);

/** A broadcast a listener has read (personal messages keep their own `read_at`). */
export const messageReads = pgTable(
  "message_reads",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** Per platform: the oldest app version still supported and the store page to update from. */
export const appPlatformConfig = pgTable("app_platform_config", {
  platform: device("platform").primaryKey(),
  minSupportedVCode: bigint("min_supported_v_code", { mode: "number" }),
  storeUrl: text("store_url"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
