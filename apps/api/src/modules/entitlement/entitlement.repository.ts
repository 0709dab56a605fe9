import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { businessPurchases, subscriptionCodes, users } from "../../db/schema/index.ts";

/** A user's paid time and the purchase of the code that gives its end. */
export async function findEntitlement(db: Db, userId: string) {
  const [user] = await db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [source] = await db
    .select({ purchaseId: businessPurchases.id, businessName: businessPurchases.assignedName })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .where(eq(subscriptionCodes.redeemedBy, userId))
    .orderBy(desc(subscriptionCodes.expiresAt))
    .limit(1);
  return { paidUntil: user.paidUntil, source: source ?? null };
}
