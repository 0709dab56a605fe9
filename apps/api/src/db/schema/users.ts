import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { mood, userRole } from "./enums.ts";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    lastName: text("last_name"),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: userRole("role").notNull().default("user"),
    /** "paid" or "free" (the spec's subscription status). */
    status: text("status").notNull().default("free"),
    paidUntil: timestamp("paid_until", { withTimezone: true }),
    mood: mood("mood"),
    experience: text("experience"),
    percentage: integer("percentage").notNull().default(0),
    imageKey: text("image_key"),
    timeCreated: timestamp("time_created", { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** When the owner proved the address (link, or sign-up with a business code); null: unverified. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * When the back office created the account and e-mailed an invitation (a password link that
     * also verifies the address); null once the address is verified, or for accounts not invited.
     */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** IANA time zone name (e.g. Europe/Paris), for streaks. */
    timeZone: text("time_zone"),
    /**
     * Two-factor sign-in (staff): the authenticator app's base32 secret, set when set-up starts;
     * it counts only once `totpEnabledAt` is set (the first code confirmed it).
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** In the trash since then (hidden everywhere, restorable until the purge); null: not trashed. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The admin who moved the account to the trash. */
    deletedBy: uuid("deleted_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_time_created_idx").on(t.timeCreated.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_username_idx").on(t.username, t.id),
    // The users list's other orders (role also counts the staff); e-mail sorts on the unique index.
    index("users_role_idx").on(t.role, t.id),
    index("users_status_idx").on(t.status, t.id),
    index("users_mood_idx").on(t.mood, t.id),
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    /** The trash: its list, the counts' correction and the purge read only trashed rows. */
    index("users_trashed_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    /** Whether a media file is still used, before it is removed. */
    index("users_image_key_idx")
      .on(t.imageKey)
      .where(sql`${t.imageKey} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The app's X-App-Platform, X-App-Version and X-Device-Name, last seen. */
    platform: text("platform"),
    appVersion: text("app_version"),
    deviceName: text("device_name"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Sign-ups per calendar month, kept by statement triggers on users (see the migration): the
 * dashboard's chart and the user total read a few rows instead of counting a million.
 */
export const userSignupsMonthly = pgTable("user_signups_monthly", {
  month: date("month", { mode: "string" }).primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});
