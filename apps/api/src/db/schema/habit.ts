import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { interests, resources } from "./catalogue.ts";
import { users } from "./users.ts";

/** The daily habit (APP-API.md part 3): today's pick, series, reminders and Web Push. */

/** A listener's pick of one of their days (turning at 04:00 local time): chosen once, the same all day. */
export const todayPicks = pgTable(
  "today_picks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    /** mood, interest, new or popular: why it was chosen. */
    reason: text("reason").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** An ordered set of contents built in the back office. */
export const series = pgTable(
  "series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageKey: text("image_key"),
    interestId: uuid("interest_id").references(() => interests.id, { onDelete: "set null" }),
    published: boolean("published").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    timeCreated: timestamp("time_created", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("series_time_created_idx").on(t.timeCreated.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("series_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/** A series' contents in their order (position 0 first). */
export const seriesItems = pgTable(
  "series_items",
  {
    seriesId: uuid("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.resourceId] }),
    uniqueIndex("series_items_position_uq").on(t.seriesId, t.position),
    index("series_items_resource_idx").on(t.resourceId),
  ],
);

/** A listener's reminder: at `time` (HH:MM in their time zone) on ISO weekdays `days` (1 = Monday). */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    time: text("time").notNull().default("21:00"),
    days: integer("days")
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5,6,7}'`),
    push: boolean("push").notNull().default(true),
    email: boolean("email").notNull().default(false),
    /** The secret of the e-mail's one-click unsubscribe link. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reminder_settings_enabled_idx")
      .on(t.userId)
      .where(sql`${t.enabled}`),
    uniqueIndex("reminder_settings_unsubscribe_uq").on(t.unsubscribeToken),
  ],
);

/** A browser's Web Push subscription (PushSubscription), one row per endpoint. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** The reminder of a listener's day, claimed before it is sent: one per listener and day across instances. */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** push, email or none (nothing could be delivered). */
    channel: text("channel"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Server-wide key material kept in the database (the VAPID key pair), so every instance uses the same. */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
