/** The back office's businesses: the list, the export and a business's purchases (SQL only). */
import {
  type BusinessFilter,
  type BusinessListQuery,
  type BusinessSortField,
  businessSorts,
  orderOf,
} from "@serene/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { businesses, businessPurchases } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { likePattern, newestInBatches, pageOf, sortOrders, totalRows } from "../../../lib/paging.ts";

/** The rows the businesses list's search narrows to (name, billing or an admin's address). */
function businessWhere(filter: BusinessFilter) {
  if (!filter.q) return undefined;
  const pattern = likePattern(filter.q);
  return sql`(lower(${businesses.name}) like ${pattern} or lower(${businesses.billingEmail}) like ${pattern}
        or exists (select 1 from business_admins a where a.business_id = ${businesses.id} and lower(a.email) like ${pattern}))`;
}

const BUSINESS_ORDERS = sortOrders<BusinessSortField>(
  {
    created: businesses.createdAt,
    name: sql`lower(${businesses.name})`,
    email: sql`lower(${businesses.billingEmail})`,
    seats: sql`(select count(*) from subscription_codes c join business_purchases p on p.id = c.purchase_id
                where p.business_id = ${businesses.id})`,
  },
  businesses.id,
);

/** Businesses in the order asked (newest first unless told), searched by name or an admin's or the billing address. */
export async function listBusinesses(db: Db, query: BusinessListQuery) {
  const { field, direction } = orderOf(businessSorts, query.sort, query.direction);
  const selected = await db
    .select({ business: businesses, total: totalRows })
    .from(businesses)
    .where(businessWhere(query))
    .orderBy(...BUSINESS_ORDERS[`${field}_${direction}`])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

export interface ExportedBusiness {
  business: typeof businesses.$inferSelect;
  /** The portal admins' addresses, comma-separated. */
  admins: string | null;
}

/** Every business the search matches with its admins, newest first, a batch at a time (the CSV export). */
export const eachBusiness = (db: Db, filter: BusinessFilter) =>
  newestInBatches<ExportedBusiness & { id: string; cursorAt: string }>(
    businesses.createdAt,
    businesses.id,
    ({ keys, after }) =>
      db
        .select({
          business: businesses,
          admins: sql<
            string | null
          >`(select string_agg(a.email, ', ' order by a.email) from business_admins a where a.business_id = "businesses"."id")`,
          ...keys,
        })
        .from(businesses)
        .where(and(businessWhere(filter), after)),
  );

export async function listBusinessPurchases(db: Db, businessId: string) {
  return db
    .select()
    .from(businessPurchases)
    .where(eq(businessPurchases.businessId, businessId))
    .orderBy(desc(businessPurchases.createdAt))
    .limit(500);
}
