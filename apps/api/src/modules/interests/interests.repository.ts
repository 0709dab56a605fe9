import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { interests, resources } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";

export type InterestRow = typeof interests.$inferSelect;

/** More interests than any catalogue holds: the list answers them all, yet stays bounded. */
const MAX_INTERESTS = 500;

/** Interests by position, each with how many resources it holds (outside the trash). */
export async function listInterests(db: Db) {
  return db
    .select({ interest: interests, resourceCount: count(resources.id) })
    .from(interests)
    .leftJoin(resources, and(eq(resources.interestId, interests.id), notTrashed(resources)))
    .groupBy(interests.id)
    .orderBy(asc(interests.position), asc(interests.name))
    .limit(MAX_INTERESTS);
}

export async function findInterest(db: Db, id: string) {
  const [row] = await db
    .select({ interest: interests, resourceCount: count(resources.id) })
    .from(interests)
    .leftJoin(resources, and(eq(resources.interestId, interests.id), notTrashed(resources)))
    .where(eq(interests.id, id))
    .groupBy(interests.id);
  return row;
}

export async function findInterestByName(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(interests)
    .where(sql`lower(${interests.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertInterest(db: Db, values: typeof interests.$inferInsert) {
  const [row] = await db.insert(interests).values(values).returning();
  return row!;
}

export async function updateInterest(db: Db, id: string, values: Partial<typeof interests.$inferInsert>) {
  const [row] = await db.update(interests).set(values).where(eq(interests.id, id)).returning();
  return row;
}

/**
 * Deletes the interest; its resources stay, uncategorised (the foreign key sets their interest to
 * null: this module never writes the resources table). Answers how many there were.
 */
export async function deleteInterest(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(resources)
      .where(eq(resources.interestId, id));
    const [gone] = await tx.delete(interests).where(eq(interests.id, id)).returning();
    return gone ? { interest: gone, uncategorised: moved!.count } : undefined;
  });
}
