/** Subscription codes: made for a purchase, looked up and redeemed (SQL only). */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { businessPurchases, subscriptionCodes, users } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { startHolding } from "../holdings.repository.ts";

/** Inserts the codes that are not taken yet; answers the ones inserted. */
export async function insertCodes(db: Db, purchaseId: string, codes: string[]) {
  const rows = await db
    .insert(subscriptionCodes)
    .values(codes.map((code) => ({ purchaseId, code })))
    .onConflictDoNothing({ target: subscriptionCodes.code })
    .returning({ code: subscriptionCodes.code });
  return rows.map((r) => r.code);
}

export async function listPurchaseCodes(db: Db, purchaseId: string) {
  return db
    .select({ code: subscriptionCodes, redeemedByEmail: users.email })
    .from(subscriptionCodes)
    .leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy))
    .where(eq(subscriptionCodes.purchaseId, purchaseId))
    .orderBy(subscriptionCodes.createdAt, subscriptionCodes.code);
}

export async function findCodeWithPurchase(db: Db, code: string) {
  const [row] = await db
    .select({ code: subscriptionCodes, purchase: businessPurchases })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .where(eq(subscriptionCodes.code, code));
  return row;
}

/** Locks a user row for a redemption; answers what the rules need. */
export async function lockUserForRedeem(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      paidUntil: users.paidUntil,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

export async function userHasCodeOfPurchase(db: Db, userId: string, purchaseId: string) {
  const [row] = await db
    .select({ id: subscriptionCodes.id })
    .from(subscriptionCodes)
    .where(and(eq(subscriptionCodes.redeemedBy, userId), eq(subscriptionCodes.purchaseId, purchaseId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Redeems a code for a user: only a code never redeemed changes, so of two users racing for
 * one code exactly one gets the row. The months run from the end of the user's current
 * entitlement, or from now; a freed seat given again runs for the days it had left.
 */
/**
 * When a code redeemed now by `userId` would expire: from the end of their paid time (or now), its
 * freed remaining days or else `months`. The one rule, used by the redemption and by its preview.
 */
const codeExpiry = (userId: string, months: number) =>
  sql<Date>`greatest(now(), coalesce((select u.paid_until from users u where u.id = ${userId}), now())) + coalesce(make_interval(days => ${subscriptionCodes.remainingDays}), make_interval(months => ${months}::int))`;

/** What `redeemCode` would set as the code's expiry (and so the listener's paid end), without redeeming. */
export async function previewCodeExpiry(db: Db, code: string, userId: string, months: number) {
  const [row] = await db
    .select({ expiresAt: codeExpiry(userId, months).mapWith((v: string | Date) => new Date(v)) })
    .from(subscriptionCodes)
    .where(eq(subscriptionCodes.code, code));
  return row?.expiresAt;
}

export async function redeemCode(db: Db, code: string, userId: string, months: number) {
  const [row] = await db
    .update(subscriptionCodes)
    .set({
      redeemedBy: userId,
      redeemedAt: sql`now()`,
      expiresAt: codeExpiry(userId, months),
    })
    .where(and(eq(subscriptionCodes.code, code), isNull(subscriptionCodes.redeemedAt)))
    .returning();
  if (row) await startHolding(db, row.id, userId);
  return row;
}

/** The purchase of the seat that gives a listener's paid time its end (their latest); null when none. */
export async function seatSourceOf(db: Db, userId: string) {
  const [source] = await db
    .select({ purchaseId: businessPurchases.id, businessName: businessPurchases.assignedName })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .where(eq(subscriptionCodes.redeemedBy, userId))
    .orderBy(desc(subscriptionCodes.expiresAt))
    .limit(1);
  return source ?? null;
}
