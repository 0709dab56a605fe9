import type { ResourceListQuery } from "@serene/contract";
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { type Db, listPage } from "../../db/client.ts";
import { likePattern } from "../../lib/paging.ts";
import { interests, resources, rowCounts, users } from "../../db/schema/index.ts";

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** A resource with the names the tables show beside it. */
const withNames = {
  resource: resources,
  interestName: interests.name,
  userEmail: users.email,
};

const SORTS: Record<ResourceListQuery["sort"], SQL[]> = {
  newest: [desc(resources.timeCreated), desc(resources.id)],
  oldest: [asc(resources.timeCreated), asc(resources.id)],
  plays: [desc(resources.noPlays), desc(resources.id)],
  title: [asc(resources.title), asc(resources.id)],
};

/** A page of resources with their names, in one of the list's orders (each an index). */
const resourcesPage = listPage(
  "resources",
  Object.keys(SORTS) as ResourceListQuery["sort"][],
  (db, sort, where, limit, offset) =>
    db
      .select(withNames)
      .from(resources)
      .leftJoin(interests, eq(interests.id, resources.interestId))
      .leftJoin(users, eq(users.id, resources.userId))
      .where(where)
      .orderBy(...SORTS[sort])
      .limit(limit)
      .offset(offset),
);

export async function listResources(db: Db, query: ResourceListQuery) {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(sql`lower(${resources.title})`, likePattern(query.q)));
  if (query.mood) filters.push(eq(resources.mood, query.mood));
  if (query.interest) filters.push(eq(resources.interestId, query.interest));
  if (query.paymentType) filters.push(eq(resources.paymentType, query.paymentType));
  if (query.reviewState) filters.push(eq(resources.reviewState, query.reviewState));
  const where = filters.length ? and(...filters) : undefined;
  const offset = (query.page - 1) * query.limit;
  // The page stops at its limit; the total is counted apart: by the kept row count without a
  // filter, else over the matching rows only.
  const [rows, total] = await Promise.all([
    resourcesPage(db, query.sort, where, query.limit, offset),
    where ? db.$count(resources, where) : countResources(db),
  ]);
  return { rows, total };
}

/** All resources: the row count kept by triggers (row_counts), not a count of every row. */
export async function countResources(db: Db) {
  const [row] = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, "resources"));
  return row?.n ?? 0;
}

export async function findResource(db: Db, id: string) {
  const [row] = await db
    .select(withNames)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .leftJoin(users, eq(users.id, resources.userId))
    .where(eq(resources.id, id));
  return row;
}

export async function insertResource(db: Db, values: NewResource) {
  const [row] = await db.insert(resources).values(values).returning();
  return row!;
}

export async function updateResource(db: Db, id: string, values: Partial<NewResource>) {
  const [row] = await db
    .update(resources)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(resources.id, id))
    .returning();
  return row;
}

export async function deleteResource(db: Db, id: string) {
  const [row] = await db.delete(resources).where(eq(resources.id, id)).returning();
  return row;
}

export async function topResources(db: Db, limit: number) {
  return db
    .select(withNames)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .leftJoin(users, eq(users.id, resources.userId))
    .orderBy(desc(resources.noPlays), desc(resources.id))
    .limit(limit);
}
