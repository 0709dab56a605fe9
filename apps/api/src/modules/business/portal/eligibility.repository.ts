import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { businessPurchases, subscriptionCodes, users } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { ofBusiness, seatIsFree } from "./seats.repository.ts";

/**
 * Every seat of a business someone holds: an open invitation, or a running seat its listener
 * redeemed; with the holder's address (lower-cased) and any pending removal.
 */
export async function heldSeatsOfBusiness(db: Db, businessId: string) {
  return db
    .select({
      seatId: subscriptionCodes.id,
      email: sql<string>`lower(coalesce(${users.email}, ${subscriptionCodes.invitedEmail}))`,
      removalDueAt: subscriptionCodes.removalDueAt,
    })
    .from(subscriptionCodes)
    .leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy))
    .where(
      and(
        ofBusiness(businessId),
        sql`((${subscriptionCodes.redeemedAt} is null and ${subscriptionCodes.invitedEmail} is not null)
          or (${subscriptionCodes.redeemedAt} is not null and ${subscriptionCodes.expiresAt} > now()))`,
      ),
    );
}

export async function freeSeatCount(db: Db, businessId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptionCodes)
    .where(and(ofBusiness(businessId), seatIsFree));
  return row?.n ?? 0;
}

/** Sets (a date) or cancels (null) the removal of seats. */
export async function setRemovalDue(tx: Db, seatIds: string[], dueAt: Date | null) {
  if (seatIds.length === 0) return;
  await tx
    .update(subscriptionCodes)
    .set({ removalDueAt: dueAt })
    .where(inArray(subscriptionCodes.id, seatIds));
}

/** Cancels one pending removal of a business's seat; false when there was none. */
export async function cancelRemoval(db: Db, businessId: string, seatId: string) {
  const rows = await db
    .update(subscriptionCodes)
    .set({ removalDueAt: null })
    .where(
      and(
        ofBusiness(businessId),
        eq(subscriptionCodes.id, seatId),
        isNotNull(subscriptionCodes.removalDueAt),
      ),
    )
    .returning({ id: subscriptionCodes.id });
  return rows.length === 1;
}

/** The removals whose time has come, each with its business and whether its seat is redeemed. */
export async function dueRemovals(db: Db, now: Date) {
  return db
    .select({
      seatId: subscriptionCodes.id,
      businessId: businessPurchases.businessId,
      redeemed: sql<boolean>`${subscriptionCodes.redeemedAt} is not null`,
    })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .where(lte(subscriptionCodes.removalDueAt, now))
    .limit(1000);
}

/** Takes one due removal (true for the one caller that gets it: several instances free a seat once). */
export async function claimRemoval(db: Db, seatId: string, now: Date) {
  const rows = await db
    .update(subscriptionCodes)
    .set({ removalDueAt: null })
    .where(and(eq(subscriptionCodes.id, seatId), lte(subscriptionCodes.removalDueAt, now)))
    .returning({ id: subscriptionCodes.id });
  return rows.length === 1;
}
