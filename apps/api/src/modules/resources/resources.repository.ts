import {
  orderOf,
  type ResourceFilter,
  type ResourceListQuery,
  type ResourceSortField,
  resourceSorts,
  formatDuration,
} from "@serene/contract";
import { and, asc, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { type Db, fixedRowsPrepared, listPage, queryRows } from "../../db/client.ts";
import { likePattern, newestInBatches, sortOrders } from "../../lib/paging.ts";
import { interests, resources, rowCounts, users } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";
import type { AudioFacts } from "../media/index.ts";

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = typeof resources.$inferInsert;

/** A resource with the names the tables show beside it. */
const withNames = {
  resource: resources,
  interestName: interests.name,
  userEmail: users.email,
};
export interface ListedResource {
  resource: ResourceRow;
  interestName: string | null;
  userEmail: string | null;
}

const ORDERS = sortOrders<ResourceSortField>(
  {
    created: resources.timeCreated,
    title: resources.title,
    plays: resources.noPlays,
    duration: resources.durationSeconds,
    mood: resources.mood,
    payment: resources.paymentType,
  },
  resources.id,
);
type ResourceOrder = keyof typeof ORDERS;

/** A page of resources with their names, in one of the list's orders. */
const resourcesPage = listPage(
  "resources",
  Object.keys(ORDERS) as ResourceOrder[],
  (db, order, where, limit, offset) =>
    db
      .select(withNames)
      .from(resources)
      .leftJoin(interests, eq(interests.id, resources.interestId))
      .leftJoin(users, eq(users.id, resources.userId))
      .where(and(notTrashed(resources), where))
      .orderBy(...ORDERS[order])
      .limit(limit)
      .offset(offset),
);

/** The rows a filter of the contents list narrows to; undefined when it narrows nothing. */
function resourceWhere(filter: ResourceFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.q) where.push(ilike(sql`lower(${resources.title})`, likePattern(filter.q)));
  if (filter.mood) where.push(eq(resources.mood, filter.mood));
  if (filter.interest) where.push(eq(resources.interestId, filter.interest));
  if (filter.paymentType) where.push(eq(resources.paymentType, filter.paymentType));
  if (filter.reviewState) where.push(eq(resources.reviewState, filter.reviewState));
  if (filter.uploader) where.push(eq(resources.userId, filter.uploader));
  return where.length ? and(...where) : undefined;
}

export async function listResources(db: Db, query: ResourceListQuery) {
  const where = resourceWhere(query);
  const { field, direction } = orderOf(resourceSorts, query.sort, query.direction);
  const offset = (query.page - 1) * query.limit;
  // The page stops at its limit; the total is counted apart: by the kept row count without a
  // filter, else over the matching rows only.
  const [rows, total] = await Promise.all([
    resourcesPage(db, `${field}_${direction}`, where, query.limit, offset),
    where ? db.$count(resources, and(notTrashed(resources), where)) : countResources(db),
  ]);
  return { rows, total };
}

/** The contents a filter matches (for a bulk action), at most `limit`, oldest first. */
export function resourcesMatching(db: Db, filter: ResourceFilter, limit: number) {
  return db
    .select()
    .from(resources)
    .where(and(notTrashed(resources), resourceWhere(filter)))
    .orderBy(asc(resources.timeCreated), asc(resources.id))
    .limit(limit);
}

/** Every content a filter matches with its names, newest first, a batch at a time (the CSV export). */
export const eachResource = (db: Db, filter: ResourceFilter) =>
  newestInBatches<ListedResource & { id: string; cursorAt: string }>(
    resources.timeCreated,
    resources.id,
    ({ keys, after }) =>
      db
        .select({ ...withNames, ...keys })
        .from(resources)
        .leftJoin(interests, eq(interests.id, resources.interestId))
        .leftJoin(users, eq(users.id, resources.userId))
        .where(and(notTrashed(resources), resourceWhere(filter), after)),
  );

/** The contents of these ids (those that exist, outside the trash). */
export function resourcesByIds(db: Db, ids: readonly string[]) {
  return db
    .select()
    .from(resources)
    .where(and(inArray(resources.id, [...ids]), notTrashed(resources)));
}

/**
 * All resources outside the trash: the row count kept by triggers (row_counts), not a count of
 * every row, less the trashed ones (read through their partial index), in one prepared statement.
 */
const resourcesCountQuery = fixedRowsPrepared<{ n: string }>(
  "resources_count",
  sql`select coalesce((select ${rowCounts.n} from ${rowCounts} where ${eq(rowCounts.tableName, "resources")}), 0)
               - (select count(*) from ${resources} where ${isNotNull(resources.deletedAt)}) as n`,
);
export async function countResources(db: Db) {
  const [row] = await resourcesCountQuery(db);
  return Number(row!.n);
}

export async function findResource(db: Db, id: string) {
  const [row] = await db
    .select(withNames)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .leftJoin(users, eq(users.id, resources.userId))
    .where(and(eq(resources.id, id), notTrashed(resources)));
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

/** Moves a content to the trash; undefined when there is no such content outside it. */
export async function trashResourceRow(db: Db, id: string, actorId: string) {
  const [row] = await db
    .update(resources)
    .set({ deletedAt: sql`now()`, deletedBy: actorId })
    .where(and(eq(resources.id, id), notTrashed(resources)))
    .returning();
  return row;
}

/** Takes a content out of the trash; undefined when it is not there. */
export async function restoreResourceRow(db: Db, id: string) {
  const [row] = await db
    .update(resources)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(resources.id, id), isNotNull(resources.deletedAt)))
    .returning();
  return row;
}

export async function deleteResource(db: Db, id: string) {
  const [row] = await db.delete(resources).where(eq(resources.id, id)).returning();
  return row;
}

// ---- Commands: how other modules change a content (this module owns the resources table) ----

/** A content's columns that come from its audio file's measurement: never typed. */
export const measuredColumns = (facts: AudioFacts) => ({
  duration: formatDuration(facts.duration),
  durationSeconds: Math.round(facts.duration),
  loudnessLufs: facts.loudness?.lufs ?? null,
  truePeak: facts.loudness?.peak ?? null,
});
type MeasuredColumns = ReturnType<typeof measuredColumns>;

/**
 * Audio files of contents whose measured columns are missing or disagree with the file's
 * measurement (contents from before measuring, whose duration was typed): what the job fills.
 * A file tried and found unreadable (measured, no duration) is left out.
 */
export async function unmeasuredAudioKeys(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select distinct r.audio_key as key from resources r
        left join media_files m on m.key = r.audio_key
        where r.audio_key is not null
          and not (m.measured_at is not null and m.duration_seconds is null)
          and (m.measured_at is null
            or r.duration_seconds is distinct from round(m.duration_seconds)::int
            or r.loudness_lufs is distinct from m.loudness_lufs
            or r.true_peak is distinct from m.true_peak)
        limit ${limit}`,
  );
  return rows.map((r) => r.key);
}

/** Gives every content playing this audio file the file's measurement. */
export async function applyMeasurement(db: Db, audioKey: string, facts: AudioFacts) {
  await db.update(resources).set(measuredColumns(facts)).where(eq(resources.audioKey, audioKey));
}

/** What a host sends for review: a new content, pending until the back office decides. */
export type Submission = Omit<NewResource, "id" | "reviewState" | "reviewedBy" | "reviewedAt" | "noPlays">;
export const addSubmission = (db: Db, submission: Submission) =>
  insertResource(db, { ...submission, reviewState: "pending" });

/** A host's change to their own content; `resubmit` sends a declined one back for review. */
export type SubmissionChanges = Partial<
  Pick<
    NewResource,
    "title" | "description" | "mood" | "interestId" | "paymentType" | "imageKey" | "audioKey"
  > &
    MeasuredColumns
>;
export const reviseSubmission = (db: Db, id: string, changes: SubmissionChanges, resubmit: boolean) =>
  updateResource(db, id, {
    ...changes,
    ...(resubmit && { reviewState: "pending" as const, reviewedBy: null, reviewedAt: null }),
  });

/** A host takes back a submission not yet published: it goes, with nothing kept. */
export const withdrawSubmission = deleteResource;

/** A counted play (the listening rules decide what counts) adds to the content's `no_plays`. */
export async function addToPlayCount(db: Db, id: string) {
  await db
    .update(resources)
    .set({ noPlays: sql`${resources.noPlays} + 1` })
    .where(eq(resources.id, id));
}

export async function topResources(db: Db, limit: number) {
  return db
    .select(withNames)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .leftJoin(users, eq(users.id, resources.userId))
    .where(notTrashed(resources))
    .orderBy(desc(resources.noPlays), desc(resources.id))
    .limit(limit);
}
