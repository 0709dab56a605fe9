import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { activeState, device, messageKind, requestState } from "./enums.ts";
import { users } from "./users.ts";

export const hostRequests = pgTable(
  "host_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    imageKey: text("image_key"),
    reason: text("reason").notNull(),
    lastName: text("last_name"),
    state: requestState("state").notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why it was declined, as the admin wrote it for the user (null: no reason given, or approved). */
    decisionReason: text("decision_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one open request per user.
    uniqueIndex("host_requests_pending_uq")
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index("host_requests_state_idx").on(t.state, t.createdAt.desc().nullsFirst()),
  ],
);

export const appMessages = pgTable("app_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  message: text("message").notNull(),
  status: activeState("status").notNull().default("active"),
  imageKey: text("image_key"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every version ever published per device; the newest row is the current one. */
export const appVersions = pgTable(
  "app_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    device: device("device").notNull(),
    vCode: text("v_code").notNull(),
    vName: text("v_name").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("app_versions_device_idx").on(t.device, t.updatedAt.desc().nullsFirst())],
);

/** A message to one user (direct, feedback) or to everyone (broadcast: userId null). */
export const userMessages = pgTable(
  "user_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: messageKind("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    resourceId: uuid("resource_id"),
    title: text("title"),
    body: text("body").notNull(),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("user_messages_user_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
