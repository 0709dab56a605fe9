import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { purchaseState } from "./enums.ts";
import { users } from "./users.ts";

export const businessPurchases = pgTable(
  "business_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    assignedName: text("assigned_name").notNull(),
    email: text("email").notNull(),
    totalUsers: integer("total_users").notNull(),
    totalMonths: integer("total_months").notNull(),
    /** Computed on the server; integer cents. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    state: purchaseState("state").notNull().default("pending"),
    /** "stripe" or "test" (the built-in test checkout). */
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    codesCreatedAt: timestamp("codes_created_at", { withTimezone: true }),
    codesEmailedAt: timestamp("codes_emailed_at", { withTimezone: true }),
    /** Set by the instance about to send the codes e-mail, so it goes out once; lapses after a while. */
    codesEmailClaimedAt: timestamp("codes_email_claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_purchases_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("business_purchases_email_idx").on(t.email),
  ],
);

export const subscriptionCodes = pgTable(
  "subscription_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseId: uuid("purchase_id")
      .notNull()
      .references(() => businessPurchases.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    redeemedBy: uuid("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** Set at redemption: the subscription's months start then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_codes_purchase_idx").on(t.purchaseId),
    index("subscription_codes_user_idx").on(t.redeemedBy),
  ],
);
