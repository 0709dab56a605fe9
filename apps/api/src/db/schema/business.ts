import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    /** The business it belongs to (set when it is paid). */
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    /** first (the /business page) | add (more seats) | renew | grant (seats the back office gave). */
    kind: text("kind").notNull().default("first"),
    /** A renewal's seats (subscription code ids). */
    renewCodeIds: uuid("renew_code_ids").array(),
    /**
     * Started by the specification's original client (the old stripe-payment body): it returns to
     * /checkout with the spec's parameters, and its codes e-mail lists the codes (so the portal
     * never invites with those). Serene's own pages ask for the session-only return instead.
     */
    originalClient: boolean("original_client").notNull().default(false),
    /** SHA-256 of the one-time value kept in the browser that started the checkout (httpOnly cookie). */
    browserTokenHash: text("browser_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_purchases_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("business_purchases_email_idx").on(t.email),
    index("business_purchases_business_idx").on(t.businessId),
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
    /** The seat was e-mailed to this person through the portal: only their verified account redeems it. */
    invitedEmail: text("invited_email"),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** Its listener left or was removed: the seat can be given again with the days it had left. */
    freedAt: timestamp("freed_at", { withTimezone: true }),
    remainingDays: integer("remaining_days"),
    /**
     * When a freed seat was last raised to the 30-day floor: the floor applies once per seat per
     * year of its purchase (counted from the purchase's payment).
     */
    floorRaisedAt: timestamp("floor_raised_at", { withTimezone: true }),
    /** Its invitation was withdrawn then (the seat went back to unsent with a new code). */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** Its holder left the staff list (eligibility sync): the seat is freed at this time, unless cancelled. */
    removalDueAt: timestamp("removal_due_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_codes_purchase_idx").on(t.purchaseId),
    index("subscription_codes_user_idx").on(t.redeemedBy),
    index("subscription_codes_invited_idx").on(sql`lower(${t.invitedEmail})`),
    index("subscription_codes_removal_due_idx")
      .on(t.removalDueAt)
      .where(sql`${t.removalDueAt} is not null`),
  ],
);

/**
 * Who held which seat when (BUSINESS-API.md's report): a row per redemption, from its moment
 * until the seat was freed (`held_until`; while open, the seat's `expires_at` ends it). Leavers
 * stay, so a month's report counts each listener only while they held a seat of the business.
 */
export const seatHoldings = pgTable(
  "seat_holdings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seatId: uuid("seat_id")
      .notNull()
      .references(() => subscriptionCodes.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    heldFrom: timestamp("held_from", { withTimezone: true }).notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [index("seat_holdings_seat_idx").on(t.seatId), index("seat_holdings_user_idx").on(t.userId)],
);

// ---- The business portal (BUSINESS-API.md): businesses, their admins, sessions, invoices ----

/**
 * A business: created by its first paid purchase; later purchases with the same e-mail and
 * business name join it. Billing fields are printed on later invoices.
 */
export const businesses = pgTable("businesses", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  billingEmail: text("billing_email").notNull(),
  billingAddress: text("billing_address").notNull().default(""),
  taxId: text("tax_id").notNull().default(""),
  /** Verified addresses at these domains may take a free seat through the join link. */
  joinDomains: text("join_domains")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The join link's secret (rotatable). */
  joinToken: text("join_token")
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A business admin is an e-mail address (not a listener account). */
export const businessAdmins = pgTable(
  "business_admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("business_admins_business_email_idx").on(t.businessId, sql`lower(${t.email})`),
    index("business_admins_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** The portal's magic links (single use, short-lived) and sessions: only SHA-256 hashes are stored. */
export const portalTokens = pgTable("portal_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const portalSessions = pgTable(
  "portal_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("portal_sessions_email_idx").on(sql`lower(${t.email})`)],
);

/** What each admin (or the back office, or the system) did to a business. */
export const businessActivity = pgTable(
  "business_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The admin's address; null: Serene (a payment, the back office, a listener leaving). */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("business_activity_business_idx").on(t.businessId, t.createdAt.desc())],
);

/** One invoice per paid checkout; the number is SER-YYYY-NNNNNN without gaps per year. */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    purchaseId: uuid("purchase_id")
      .notNull()
      .unique()
      .references(() => businessPurchases.id, { onDelete: "cascade" }),
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** The buyer as it stood then: name, address, tax ID, e-mail. */
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** The amount paid (gross, tax included). */
    totalCents: integer("total_cents").notNull(),
    /** The amount before tax (null only on invoices older than this column: the total, no tax). */
    netCents: integer("net_cents"),
    /** The tax included in the total: its rate, amount, and whether the buyer accounts for it (reverse charge). */
    tax: jsonb("tax")
      .$type<InvoiceTax>()
      .notNull()
      .default({ ratePercent: 0, cents: 0, reverseCharge: false }),
    /** The seller as it stood then (SELLER_*); null on invoices made before it was recorded. */
    seller: jsonb("seller").$type<InvoiceSeller>(),
    /** How it was paid: stripe (card), test (the test checkout), grant. */
    paymentMethod: text("payment_method"),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("paid"),
  },
  (t) => [index("invoices_business_idx").on(t.businessId, t.issuedAt.desc())],
);
export interface InvoiceParty {
  name: string;
  address: string;
  taxId: string;
  email: string;
}
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** The service period (YYYY-MM-DD, both included) and what it runs from. */
  period?: { from: string; to: string; basis: string };
}
export interface InvoiceTax {
  ratePercent: number;
  cents: number;
  reverseCharge: boolean;
}
export interface InvoiceSeller {
  name: string;
  address: string;
  taxId: string;
  email: string;
}

/** The last invoice number given in each year: taken under the row's lock, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Expiry reminders sent: one per business, month of expiry and step (60, 30 or 7 days before).
 * `expiry_date` is the month's first day: seats redeemed on many days of a month expire on many
 * days a year later, and their admins get one e-mail a step for the month, not one a day.
 */
export const businessReminders = pgTable(
  "business_reminders",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    expiryDate: date("expiry_date", { mode: "string" }).notNull(),
    step: integer("step").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.expiryDate, t.step] })],
);
