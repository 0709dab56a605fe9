/** Expiry reminders: which seats expire soon, and each reminder claimed once (SQL only). */
import { eq, sql } from "drizzle-orm";
import {
  businesses,
  businessPurchases,
  businessReminders,
  subscriptionCodes,
} from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { expiringWithin } from "../portal/seats.repository.ts";

/**
 * Redeemed seats expiring within `days` days, by business and UTC month of expiry: the month's
 * first day, the first and last expiry days among them, the days left to the first (1 for
 * tomorrow) and how many.
 */
export async function seatsExpiringWithin(db: Db, days: number) {
  const expiry = sql`(${subscriptionCodes.expiresAt} at time zone 'UTC')`;
  const month = sql<string>`to_char(date_trunc('month', ${expiry}), 'YYYY-MM-DD')`;
  return db
    .select({
      businessId: businesses.id,
      name: businesses.name,
      month,
      first: sql<string>`to_char(min(${expiry}), 'YYYY-MM-DD')`,
      last: sql<string>`to_char(max(${expiry}), 'YYYY-MM-DD')`,
      daysLeft: sql<number>`(min(${expiry})::date - (now() at time zone 'UTC')::date)::int`,
      seats: sql<number>`count(*)::int`,
    })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .innerJoin(businesses, eq(businesses.id, businessPurchases.businessId))
    .where(expiringWithin(days))
    .groupBy(businesses.id, businesses.name, month);
}

/** Claims one reminder (business, month of expiry, step): true for the one caller that sends it. */
export async function claimReminder(db: Db, businessId: string, month: string, step: number) {
  const rows = await db
    .insert(businessReminders)
    .values({ businessId, expiryDate: month, step })
    .onConflictDoNothing()
    .returning({ step: businessReminders.step });
  return rows.length === 1;
}
