import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  interests,
  listeningProgress,
  listeningSessions,
  resources,
  series,
  seriesItems,
} from "../../db/schema/index.ts";
import { type After, cursorTime, keysetAfter, likePattern, totalRows } from "../../lib/paging.ts";
import { listedResource } from "../../db/trash.ts";

export type SeriesRow = typeof series.$inferSelect;
export type NewSeries = typeof series.$inferInsert;

/** The listener finished this content at least once. */
const finishedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${listeningSessions} where ${listeningSessions.userId} = ${userId} and ${listeningSessions.resourceId} = ${resources.id} and ${listeningSessions.finished})`;

// ---- The back office ----

export async function insertSeries(db: Db, values: NewSeries) {
  const [row] = await db.insert(series).values(values).returning();
  return row!;
}

export async function updateSeries(db: Db, id: string, values: Partial<NewSeries>) {
  const [row] = await db
    .update(series)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(series.id, id))
    .returning();
  return row;
}

export async function deleteSeries(db: Db, id: string) {
  const [row] = await db.delete(series).where(eq(series.id, id)).returning();
  return row;
}

export async function findSeries(db: Db, id: string) {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  return row;
}

/** The series' content ids in their order. */
export async function seriesItemIds(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, string[]>();
  const rows = await db
    .select({ seriesId: seriesItems.seriesId, resourceId: seriesItems.resourceId })
    .from(seriesItems)
    .where(inArray(seriesItems.seriesId, ids))
    .orderBy(asc(seriesItems.seriesId), asc(seriesItems.position));
  const byId = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const r of rows) byId.get(r.seriesId)!.push(r.resourceId);
  return byId;
}

/** Replaces a series' items by `resourceIds`, in that order. */
export async function replaceSeriesItems(db: Db, seriesId: string, resourceIds: string[]) {
  await db.delete(seriesItems).where(eq(seriesItems.seriesId, seriesId));
  await db
    .insert(seriesItems)
    .values(resourceIds.map((resourceId, position) => ({ seriesId, resourceId, position })));
}

/** Which of these ids are contents. */
export async function existingResourceIds(db: Db, ids: string[]) {
  const rows = await db.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function listSeriesPage(db: Db, q: string | undefined, page: number, limit: number) {
  const rows = await db
    .select({ series, total: totalRows })
    .from(series)
    .where(q ? sql`lower(${series.title}) like ${likePattern(q.toLowerCase())}` : undefined)
    .orderBy(desc(series.timeCreated), desc(series.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows: rows.map((r) => r.series), total: rows[0]?.total ?? 0 };
}

// ---- The listener's side ----

/** A published series with its published items' figures for a listener. */
function summaryQuery(db: Db, userId: string, where: SQL | undefined) {
  return db
    .select({
      series,
      cursorAt: cursorTime(series.timeCreated),
      itemCount: sql<number>`count(${resources.id})::int`,
      finishedCount: sql<number>`count(${resources.id}) filter (where ${finishedBy(userId)})::int`,
      paidCount: sql<number>`count(${resources.id}) filter (where ${resources.paymentType} = 'paid')::int`,
      firstImageKey: sql<
        string | null
      >`(array_agg(${resources.imageKey} order by ${seriesItems.position}))[1]`,
    })
    .from(series)
    .innerJoin(seriesItems, eq(seriesItems.seriesId, series.id))
    .innerJoin(resources, and(eq(resources.id, seriesItems.resourceId), listedResource))
    .where(and(eq(series.published, true), where))
    .groupBy(series.id);
}
export type SeriesSummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

/** Published series, newest first, after the cursor; one row more than `limit`. */
export function listPublishedSeries(db: Db, userId: string, after: After, limit: number) {
  return summaryQuery(db, userId, keysetAfter(series.timeCreated, series.id, after))
    .orderBy(desc(series.timeCreated), desc(series.id))
    .limit(limit);
}

export async function findPublishedSeries(db: Db, userId: string, id: string) {
  const [row] = await summaryQuery(db, userId, eq(series.id, id));
  return row;
}

/** A published series' published items in order, each with whether the listener finished it and where they are. */
export function publishedSeriesItems(db: Db, userId: string, seriesIds: string[]) {
  if (!seriesIds.length) return Promise.resolve([]);
  return db
    .select({
      seriesId: seriesItems.seriesId,
      resource: resources,
      interestName: interests.name,
      finished: finishedBy(userId),
      position: sql<number>`coalesce(${listeningProgress.position}, 0)::float8`,
    })
    .from(seriesItems)
    .innerJoin(resources, and(eq(resources.id, seriesItems.resourceId), listedResource))
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .leftJoin(
      listeningProgress,
      and(eq(listeningProgress.userId, userId), eq(listeningProgress.resourceId, resources.id)),
    )
    .where(inArray(seriesItems.seriesId, seriesIds))
    .orderBy(asc(seriesItems.seriesId), asc(seriesItems.position));
}

/** The published series holding a content, newest first. */
export async function publishedSeriesOf(db: Db, resourceId: string) {
  const rows = await db
    .select({ id: series.id })
    .from(seriesItems)
    .innerJoin(series, and(eq(series.id, seriesItems.seriesId), eq(series.published, true)))
    .where(eq(seriesItems.resourceId, resourceId))
    .orderBy(desc(series.timeCreated), desc(series.id));
  return rows.map((r) => r.id);
}

/** Published series for the home screen: those with unfinished items first, then newest. */
export function homeSeries(db: Db, userId: string, limit: number) {
  return summaryQuery(db, userId, undefined)
    .orderBy(
      sql`(count(${resources.id}) filter (where ${finishedBy(userId)})) = count(${resources.id})`,
      desc(series.timeCreated),
      desc(series.id),
    )
    .limit(limit);
}
