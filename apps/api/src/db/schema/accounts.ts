import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { interests } from "./catalogue.ts";
import { users } from "./users.ts";

/** A listener's interests (several). */
export const userInterests = pgTable(
  "user_interests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interestId: uuid("interest_id")
      .notNull()
      .references(() => interests.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.interestId] }),
    index("user_interests_interest_idx").on(t.interestId),
  ],
);

/**
 * Single-use tokens sent by e-mail: address verification, password reset (link token and
 * 6-digit code), account deletion confirmation. Only hashes are stored.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** verify_email | password_reset | delete_account */
    purpose: text("purpose").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 of the 6-digit code with the address (password reset). */
    codeHash: text("code_hash"),
    data: jsonb("data").$type<Record<string, string>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_code_idx").on(t.codeHash),
  ],
);

/** A staff account's one-time recovery codes (two-factor sign-in without the app): hashed, each used once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId, t.codeHash)],
);

/**
 * The two-factor challenges that opened a session (their SHA-256): a challenge opens one session
 * only. Kept until the challenge would have expired anyway.
 */
export const usedSignInChallenges = pgTable(
  "used_sign_in_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_sign_in_challenges_expires_idx").on(t.expiresAt)],
);

/** The back office's settings: one row (id true), created with its defaults on first change. */
export const backOfficeSettings = pgTable("back_office_settings", {
  id: boolean("id").primaryKey().default(true),
  /** Every staff account must turn two-factor sign-in on before reaching anything else. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
