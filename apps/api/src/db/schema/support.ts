import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { deletionState } from "./enums.ts";
import { users } from "./users.ts";

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("support_messages_created_idx").on(t.createdAt.desc().nullsFirst())],
);

export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    reason: text("reason").notNull().default(""),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    state: deletionState("state").notNull().default("pending"),
    executedBy: uuid("executed_by").references(() => users.id, { onDelete: "set null" }),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deletion_requests_state_idx").on(t.state, t.createdAt)],
);
