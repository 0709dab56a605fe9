import { pgEnum } from "drizzle-orm/pg-core";

/** "editor": staff with the catalogue, hosts' submissions and app messages only (no users, sales or settings). */
export const userRole = pgEnum("user_role", ["user", "host", "admin", "editor"]);
export const mood = pgEnum("mood", ["happy", "sad", "angry"]);
export const paymentType = pgEnum("payment_type", ["paid", "free"]);
export const reviewState = pgEnum("review_state", ["pending", "published", "declined"]);
export const requestState = pgEnum("request_state", ["pending", "approved", "declined"]);
export const activeState = pgEnum("active_state", ["active", "inactive"]);
export const device = pgEnum("device", ["android", "ios"]);
export const purchaseState = pgEnum("purchase_state", ["pending", "paid", "expired", "failed"]);
export const deletionState = pgEnum("deletion_state", ["pending", "executed", "cancelled"]);
export const messageKind = pgEnum("message_kind", ["direct", "broadcast", "feedback"]);
