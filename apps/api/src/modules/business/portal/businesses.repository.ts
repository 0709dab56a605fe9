/** Businesses and their activity log (SQL only). */
import { and, desc, eq, sql } from "drizzle-orm";
import { businessActivity, businessAdmins, businesses, businessPurchases } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { type After, cursorTime, keysetAfter } from "../../../lib/paging.ts";
import { sameEmail } from "./admins.repository.ts";

export type BusinessRow = typeof businesses.$inferSelect;

export type BusinessActivityRow = typeof businessActivity.$inferSelect;

// ---- Businesses ----

/**
 * The business a paid purchase belongs to: the one of an earlier purchase with the same e-mail
 * and business name, else a new one (with the purchase's e-mail as its first admin). One at a
 * time per (e-mail, name), so two first purchases paid together make one business.
 */
export async function joinOrCreateBusiness(tx: Db, purchase: { email: string; assignedName: string }) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(lower(${purchase.email}) || '|' || lower(${purchase.assignedName})))`,
  );
  const [found] = await tx
    .select({ id: businessPurchases.businessId })
    .from(businessPurchases)
    .where(
      and(
        sameEmail(sql`${businessPurchases.email}`, purchase.email),
        sql`lower(${businessPurchases.assignedName}) = lower(${purchase.assignedName})`,
        sql`${businessPurchases.businessId} is not null`,
      ),
    )
    .limit(1);
  if (found?.id) return { id: found.id, created: false };
  const [row] = await tx
    .insert(businesses)
    .values({ name: purchase.assignedName, billingEmail: purchase.email })
    .returning({ id: businesses.id });
  await tx.insert(businessAdmins).values({ businessId: row!.id, email: purchase.email });
  return { id: row!.id, created: true };
}

export async function setPurchaseBusiness(tx: Db, purchaseId: string, businessId: string) {
  await tx.update(businessPurchases).set({ businessId }).where(eq(businessPurchases.id, purchaseId));
}

export async function findBusiness(db: Db, id: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

export async function findBusinessByJoinToken(db: Db, joinToken: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.joinToken, joinToken));
  return row;
}

export async function updateBusiness(db: Db, id: string, values: Partial<typeof businesses.$inferInsert>) {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  return row;
}

export async function rotateJoinToken(db: Db, id: string) {
  await db
    .update(businesses)
    .set({ joinToken: sql`replace(gen_random_uuid()::text, '-', '')` })
    .where(eq(businesses.id, id));
}

// ---- Activity ----

export async function insertBusinessActivity(
  db: Db,
  businessId: string,
  actorEmail: string | null,
  action: string,
  detail: Record<string, unknown> = {},
) {
  await db.insert(businessActivity).values({ businessId, actorEmail, action, detail });
}

export async function listBusinessActivity(db: Db, businessId: string, limit: number, after: After) {
  return db
    .select({ activity: businessActivity, cursorAt: cursorTime(businessActivity.createdAt) })
    .from(businessActivity)
    .where(
      and(
        eq(businessActivity.businessId, businessId),
        keysetAfter(businessActivity.createdAt, businessActivity.id, after),
      ),
    )
    .orderBy(desc(businessActivity.createdAt), desc(businessActivity.id))
    .limit(limit + 1);
}
