import type { ResourceListQuery } from "@serene/contract";
import { and, asc, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { interests, resources, users } from "../../db/schema/index.ts";

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** A resource with the names the tables show beside it. */
const withNames = {
  resource: resources,
  interestName: interests.name,
  userEmail: users.email,
};

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SORTS: Record<ResourceListQuery["sort"], SQL[]> = {
  newest: [desc(resources.timeCreated), desc(resources.id)],
  oldest: [asc(resources.timeCreated), asc(resources.id)],
  plays: [desc(resources.noPlays), desc(resources.id)],
  title: [asc(resources.title), asc(resources.id)],
};

export async function listResources(db: Db, query: ResourceListQuery) {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(sql`lower(${resources.title})`, `%${escapeLike(query.q.toLowerCase())}%`));
  if (query.mood) filters.push(eq(resources.mood, query.mood));
  if (query.interest) filters.push(eq(resources.interestId, query.interest));
  if (query.paymentType) filters.push(eq(resources.paymentType, query.paymentType));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(withNames)
      .from(resources)
      .leftJoin(interests, eq(interests.id, resources.interestId))
      .leftJoin(users, eq(users.id, resources.userId))
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(resources).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
  const [row] = await db.insert(resources).values(values).returning({ id: resources.id });
  return row!;
}

export async function updateResource(db: Db, id: string, values: Partial<NewResource>) {
  await db
    .update(resources)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(resources.id, id));
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
