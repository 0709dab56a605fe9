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
    /** The admin handling it (null: nobody yet). */
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** When it was closed; null while it is open. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("support_messages_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/** The back office's replies to a support message (each e-mailed to its sender), oldest first. */
export const supportReplies = pgTable(
  "support_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => supportMessages.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept when the author's account goes. */
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_replies_message_idx").on(t.messageId, t.createdAt)],
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
