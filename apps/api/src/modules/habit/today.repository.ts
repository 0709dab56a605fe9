import { and, desc, eq, gt, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { interests, listeningSessions, resources, todayPicks, users } from "../../db/schema/index.ts";
import { listedResource } from "../../db/trash.ts";
import { iso } from "../../lib/iso.ts";

const appColumns = { resource: resources, interestName: interests.name };

export async function findMood(db: Db, userId: string) {
  const [row] = await db.select({ mood: users.mood }).from(users).where(eq(users.id, userId));
  return row?.mood ?? null;
}

/** The listener's pick of `day`, while its content is still published. */
export async function findPick(db: Db, userId: string, day: string) {
  const [row] = await db
    .select({ ...appColumns, reason: todayPicks.reason })
    .from(todayPicks)
    .innerJoin(resources, and(eq(resources.id, todayPicks.resourceId), listedResource))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(eq(todayPicks.userId, userId), eq(todayPicks.day, day)));
  return row;
}

/** The content picked on the listener's last day before `day`. */
export async function previousPick(db: Db, userId: string, day: string) {
  const [row] = await db
    .select({ resourceId: todayPicks.resourceId })
    .from(todayPicks)
    .where(and(eq(todayPicks.userId, userId), lt(todayPicks.day, day)))
    .orderBy(desc(todayPicks.day))
    .limit(1);
  return row?.resourceId ?? null;
}

/** Keeps the day's pick; a pick made at the same time by another request wins (nothing is overwritten). */
export async function savePick(db: Db, values: typeof todayPicks.$inferInsert) {
  await db
    .insert(todayPicks)
    .values(values)
    .onConflictDoUpdate({
      target: [todayPicks.userId, todayPicks.day],
      set: { resourceId: values.resourceId, reason: values.reason },
      // Only replaces a pick whose content is no longer published.
      where: sql`not exists (select 1 from ${resources} r where r.id = ${todayPicks.resourceId} and r.review_state = 'published' and r.deleted_at is null)`,
    });
}

export const pickFilters = {
  mood: (mood: string) => sql`${resources.mood} = ${mood}`,
  interests: (ids: string[]) => inArray(resources.interestId, ids),
  newSince: (since: Date) => gt(resources.timeCreated, since),
};

/**
 * One content the listener may play (free unless `entitled`) and has not finished since
 * `finishedSince`, matching `where`, other than `exclude`: the most played when `popular`,
 * else one drawn by `seed` (the same seed draws the same one).
 */
export async function pickCandidate(
  db: Db,
  o: {
    userId: string;
    where: SQL | undefined;
    entitled: boolean;
    finishedSince: Date;
    exclude: string | null;
    seed: string;
    popular: boolean;
  },
) {
  const notFinished = sql`not exists (select 1 from ${listeningSessions} s where s.user_id = ${o.userId} and s.resource_id = ${resources.id} and s.finished and s.last_report_at > ${iso(o.finishedSince)}::timestamptz)`;
  const [row] = await db
    .select(appColumns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(
      and(
        listedResource,
        o.entitled ? undefined : eq(resources.paymentType, "free"),
        o.exclude ? ne(resources.id, o.exclude) : undefined,
        notFinished,
        o.where,
      ),
    )
    .orderBy(
      ...(o.popular
        ? [desc(resources.noPlays), desc(resources.id)]
        : [sql`md5(${resources.id}::text || ${o.seed})`]),
    )
    .limit(1);
  return row;
}
