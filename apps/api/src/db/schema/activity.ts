import { isNull } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Back-office alerts: new host requests, support messages, purchases, deletion requests. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_created_idx").on(t.createdAt.desc().nullsFirst()),
    // Each top-bar dropdown lists its own kinds, newest first, and counts their unread ones.
    index("notifications_kind_created_idx").on(t.kind, t.createdAt.desc().nullsFirst()),
    index("notifications_unread_kind_idx").on(t.kind).where(isNull(t.readAt)),
  ],
);

/**
 * Every write, sign-in and export, and the public events the Feed shows: who, what, which
 * record, when, from which address, and the fields it changed before and after (secrets redacted).
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** The client's address. */
    ip: text("ip"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_log_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("activity_log_entity_idx").on(t.entityType, t.createdAt.desc().nullsFirst()),
    index("activity_log_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst()),
    index("activity_log_action_idx").on(t.action, t.createdAt.desc().nullsFirst()),
    index("activity_log_target_idx").on(t.entityId, t.createdAt.desc().nullsFirst()),
  ],
);
