import { orderOf, type PurchaseFilter, type PurchaseListQuery, purchaseSorts } from "@serene/contract";
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { businessPurchases } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { likePattern, newestInBatches, pageOf, sortOrders, totalRows } from "../../../lib/paging.ts";

export type PurchaseRow = typeof businessPurchases.$inferSelect;
export type NewPurchase = typeof businessPurchases.$inferInsert;

export async function insertPurchase(db: Db, values: NewPurchase) {
  const [row] = await db.insert(businessPurchases).values(values).returning();
  return row!;
}

/**
 * Uses the one-time value of the browser that started a paid checkout: answers the buyer's
 * address once (the value is cleared), nothing for another value or an unpaid checkout.
 */
export async function consumeBrowserToken(db: Db, purchaseId: string, tokenHash: string) {
  const [row] = await db
    .update(businessPurchases)
    .set({ browserTokenHash: null })
    .where(
      and(
        eq(businessPurchases.id, purchaseId),
        eq(businessPurchases.browserTokenHash, tokenHash),
        eq(businessPurchases.state, "paid"),
      ),
    )
    .returning({ email: businessPurchases.email });
  return row?.email;
}

export async function setPurchaseSession(db: Db, id: string, providerSessionId: string) {
  await db.update(businessPurchases).set({ providerSessionId }).where(eq(businessPurchases.id, id));
}

export async function findPurchase(db: Db, id: string) {
  const [row] = await db.select().from(businessPurchases).where(eq(businessPurchases.id, id));
  return row;
}

export async function findPurchaseBySession(db: Db, providerSessionId: string) {
  const [row] = await db
    .select()
    .from(businessPurchases)
    .where(eq(businessPurchases.providerSessionId, providerSessionId));
  return row;
}

/** The purchase these details describe: a paid one first, else the newest. */
export async function findPurchaseByDetails(
  db: Db,
  details: { email: string; assignedName: string; totalUsers: number },
) {
  const [row] = await db
    .select()
    .from(businessPurchases)
    .where(
      and(
        sql`lower(${businessPurchases.email}) = lower(${details.email})`,
        sql`lower(${businessPurchases.assignedName}) = lower(${details.assignedName})`,
        eq(businessPurchases.totalUsers, details.totalUsers),
      ),
    )
    .orderBy(sql`(${businessPurchases.state} = 'paid') desc`, desc(businessPurchases.createdAt))
    .limit(1);
  return row;
}

/**
 * Marks a purchase paid. Answers the row only for the call that made the change: a replayed
 * webhook, a second tab or the session look-up racing the webhook get undefined.
 */
export async function markPurchasePaid(db: Db, id: string) {
  const [row] = await db
    .update(businessPurchases)
    .set({ state: "paid", paidAt: sql`now()` })
    .where(
      and(eq(businessPurchases.id, id), inArray(businessPurchases.state, ["pending", "expired", "failed"])),
    )
    .returning();
  return row;
}

/** pending -> expired or failed; answers the row when it changed. */
export async function markPurchaseUnpaid(db: Db, id: string, state: "expired" | "failed") {
  const [row] = await db
    .update(businessPurchases)
    .set({ state })
    .where(and(eq(businessPurchases.id, id), eq(businessPurchases.state, "pending")))
    .returning();
  return row;
}

/**
 * Claims the right to create a paid purchase's codes. The conditional update takes the row's
 * lock, so of any number of concurrent callers exactly one gets the row; the rest (and every
 * later caller) get undefined.
 */
export async function claimCodeCreation(db: Db, id: string) {
  const [row] = await db
    .update(businessPurchases)
    .set({ codesCreatedAt: sql`now()` })
    .where(
      and(
        eq(businessPurchases.id, id),
        eq(businessPurchases.state, "paid"),
        isNull(businessPurchases.codesCreatedAt),
      ),
    )
    .returning();
  return row;
}

export async function setCodesEmailed(db: Db, id: string) {
  await db
    .update(businessPurchases)
    .set({ codesEmailedAt: sql`now()`, codesEmailClaimedAt: null })
    .where(eq(businessPurchases.id, id));
}

/**
 * Claims a purchase's unsent codes e-mail for this instance, so it goes out once however many
 * instances try; a claim older than 15 minutes (its instance died mid-send) may be taken over.
 */
export async function claimCodeEmail(db: Db, id: string) {
  const rows = await db
    .update(businessPurchases)
    .set({ codesEmailClaimedAt: sql`now()` })
    .where(
      and(
        eq(businessPurchases.id, id),
        isNull(businessPurchases.codesEmailedAt),
        or(
          isNull(businessPurchases.codesEmailClaimedAt),
          lt(businessPurchases.codesEmailClaimedAt, sql`now() - interval '15 minutes'`),
        ),
      ),
    )
    .returning({ id: businessPurchases.id });
  return rows.length === 1;
}

/** Gives a claimed codes e-mail back after a failed send, so the job tries again. */
export async function releaseCodeEmail(db: Db, id: string) {
  await db.update(businessPurchases).set({ codesEmailClaimedAt: null }).where(eq(businessPurchases.id, id));
}

/** Purchases whose codes exist but whose e-mail has not gone out, created before `before`. */
export async function findPurchasesAwaitingCodeEmail(db: Db, before: Date, limit = 50) {
  return db
    .select()
    .from(businessPurchases)
    .where(
      and(
        isNotNull(businessPurchases.codesCreatedAt),
        isNull(businessPurchases.codesEmailedAt),
        lt(businessPurchases.codesCreatedAt, before),
      ),
    )
    .orderBy(businessPurchases.codesCreatedAt)
    .limit(limit);
}

/** How many codes a purchase has, and how many of them are redeemed (correlated subqueries). */
const codeCounts = {
  codesIssued:
    sql<number>`(select count(*) from subscription_codes sc where sc.purchase_id = "business_purchases"."id")`.mapWith(
      Number,
    ),
  codesRedeemed:
    sql<number>`(select count(*) from subscription_codes sc where sc.purchase_id = "business_purchases"."id" and sc.redeemed_at is not null)`.mapWith(
      Number,
    ),
};

/** The rows the purchases list's filter narrows to (search by business or e-mail; state). */
function purchaseWhere(filter: PurchaseFilter) {
  const filters: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    filters.push(
      or(ilike(businessPurchases.assignedName, pattern), ilike(businessPurchases.email, pattern))!,
    );
  }
  if (filter.state) filters.push(eq(businessPurchases.state, filter.state));
  return filters.length ? and(...filters) : undefined;
}

export type ListedPurchase = { purchase: PurchaseRow; codesIssued: number; codesRedeemed: number };

/** Every purchase a filter matches with its code counts, newest first, a batch at a time (the CSV export). */
export const eachPurchase = (db: Db, filter: PurchaseFilter) =>
  newestInBatches<ListedPurchase & { id: string; cursorAt: string }>(
    businessPurchases.createdAt,
    businessPurchases.id,
    ({ keys, after }) =>
      db
        .select({ purchase: businessPurchases, ...codeCounts, ...keys })
        .from(businessPurchases)
        .where(and(purchaseWhere(filter), after)),
  );

const PURCHASE_ORDERS = sortOrders(
  {
    created: businessPurchases.createdAt,
    business: sql`lower(${businessPurchases.assignedName})`,
    email: businessPurchases.email,
    seats: businessPurchases.totalUsers,
    amount: businessPurchases.amountCents,
    state: businessPurchases.state,
  },
  businessPurchases.id,
);

export async function listPurchases(db: Db, query: PurchaseListQuery) {
  const { field, direction } = orderOf(purchaseSorts, query.sort, query.direction);
  const selected = await db
    .select({ purchase: businessPurchases, ...codeCounts, total: totalRows })
    .from(businessPurchases)
    .where(purchaseWhere(query))
    .orderBy(...PURCHASE_ORDERS[`${field}_${direction}`])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

export async function findPurchaseWithCounts(db: Db, id: string) {
  const [row] = await db
    .select({ purchase: businessPurchases, ...codeCounts })
    .from(businessPurchases)
    .where(eq(businessPurchases.id, id));
  return row;
}
