import type { AppResourceQuery, Mood } from "@serene/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { interests, resources, userInterests } from "../../db/schema/index.ts";
import { type After, type CursorKey, cursorTime, keysetAfter, likePattern } from "../../lib/paging.ts";
import { listedResource } from "../../db/trash.ts";

/** A published resource with its interest's name: what the app shows. */
const appColumns = { resource: resources, interestName: interests.name };
export type AppResourceRow = { resource: typeof resources.$inferSelect; interestName: string | null };

/** Unknown durations sort last among the shortest. */
const durationKey = sql<number>`coalesce(${resources.durationSeconds}, 2147483647)`;

/** Lower case without accents, as the database's `serene_search_doc` makes the text searched. */
export const foldText = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The search document's trigram index serves a LIKE pattern only through three characters in a
 * row. A pattern without any (a word under 3 letters, or `oc_an`, a substitution in the middle of
 * a 4 or 5 letter word) matches at the start of a word only (after a space: the document starts
 * with one), where the index's padded trigrams serve it; else it would read every document.
 */
function indexable(pattern: string) {
  const indexed = pattern
    .slice(1, -1)
    .split("_")
    .some((part) => [...part].length >= 3);
  return indexed ? pattern : `% ${pattern.slice(1)}`;
}

/**
 * LIKE patterns matching `word` or any text one edit away from it (insert, delete, substitute,
 * swap of two neighbours), each served by the search index (`indexable`). Words under 4 letters
 * match only as typed: one edit of those matches nearly everything. A pattern is left out when a
 * text it matches always holds a shorter one (`_cean` holds `cean`): each one is an index scan.
 */
export function typoPatterns(word: string): string[] {
  const patterns = new Set([likePattern(word)]);
  if ([...word].length < 4) return [...patterns].map(indexable);
  const chars = [...word];
  const join = (left: string[], wildcard: boolean, right: string[]) =>
    wildcard
      ? likePattern(left.join("")).slice(0, -1) + "_" + likePattern(right.join("")).slice(1)
      : likePattern([...left, ...right].join(""));
  for (let i = 0; i < chars.length; i++) {
    patterns.add(join(chars.slice(0, i), true, chars.slice(i + 1))); // substitute
    patterns.add(join(chars.slice(0, i), false, chars.slice(i + 1))); // the query has one letter too many
    if (i > 0) patterns.add(join(chars.slice(0, i), true, chars.slice(i))); // the query misses one letter
    if (i + 1 < chars.length) {
      const swapped = [...chars];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
      patterns.add(likePattern(swapped.join("")));
    }
  }
  const literal = [...patterns].filter((p) => !p.slice(1, -1).includes("_"));
  const needed = [...patterns].filter(
    (p) =>
      !literal.some(
        (q) =>
          q !== p &&
          p
            .slice(1, -1)
            .split("_")
            .some((part) => part.includes(q.slice(1, -1))),
      ),
  );
  return [...new Set(needed.map(indexable))];
}

/**
 * Each word of the query must match the title, description or interest name, or the transcript,
 * give or take one edit; `tier` is 0 when every word matched the former, else 1 (a match in the
 * transcript only ranks below).
 */
function searchTerms(q: string): { filter: SQL; tier: SQL<number> } | undefined {
  const words = foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  const patterns = words.map(typoPatterns);
  // Each served by its trigram index (resources_search_doc_trgm_idx, resources_transcript_doc_trgm_idx).
  const inColumn = (column: AnyPgColumn, word: string[]) =>
    sql.join(
      word.map((p) => sql`${column} like ${p}`),
      sql` or `,
    );
  const inDoc = and(...patterns.map((word) => sql`(${inColumn(resources.searchDoc, word)})`))!;
  const filter = and(
    ...patterns.map(
      (word) => sql`(${inColumn(resources.searchDoc, word)} or ${inColumn(resources.transcriptDoc, word)})`,
    ),
  )!;
  return { filter, tier: sql<number>`(case when ${inDoc} then 0 else 1 end)` };
}

export interface ResourcePageQuery extends Omit<AppResourceQuery, "cursor"> {
  /** The cursor: sort key and id of the last row of the previous page, and its search tier. */
  after: After;
  tier: number;
}

/** Each sort's key, its kind in a cursor, and its direction (then by id the same way). */
export const SORTS = {
  new: { key: resources.timeCreated, cursor: "time", dir: "desc" },
  popular: { key: resources.noPlays, cursor: "count", dir: "desc" },
  shortest: { key: durationKey, cursor: "count", dir: "asc" },
} as const satisfies Record<
  AppResourceQuery["sort"],
  { key: unknown; cursor: CursorKey; dir: "asc" | "desc" }
>;

/** One page of published resources, filtered and sorted, after the cursor; answers one row more than the limit. */
export async function listPublishedResources(db: Db, query: ResourcePageQuery) {
  const filters: SQL[] = [listedResource];
  const search = query.q ? searchTerms(query.q) : undefined;
  if (search) filters.push(search.filter);
  if (query.mood) filters.push(eq(resources.mood, query.mood));
  if (query.interest) filters.push(eq(resources.interestId, query.interest));
  if (query.access) filters.push(eq(resources.paymentType, query.access));
  if (query.minSeconds !== undefined) filters.push(sql`${resources.durationSeconds} >= ${query.minSeconds}`);
  if (query.maxSeconds !== undefined) filters.push(sql`${resources.durationSeconds} <= ${query.maxSeconds}`);
  const sort = SORTS[query.sort];
  const tier = search?.tier ?? sql<number>`0`;
  const after = keysetAfter(sort.key, resources.id, query.after, sort.dir);
  // A search's pages run through the title matches (tier 0), then the transcript-only ones.
  if (after)
    filters.push(search ? sql`(${tier} > ${query.tier} or (${tier} = ${query.tier} and ${after}))` : after);
  const order = [
    ...(search ? [sql`${tier} asc`] : []),
    ...(sort.dir === "desc"
      ? [sql`${sort.key} desc`, sql`${resources.id} desc`]
      : [sql`${sort.key} asc`, sql`${resources.id} asc`]),
  ];
  return db
    .select({ ...appColumns, cursorAt: cursorTime(resources.timeCreated), tier })
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(...filters))
    .orderBy(...order)
    .limit(query.limit + 1);
}

/** A listed row's sort key as its cursor carries it (`SORTS`). */
export function sortValue(
  row: AppResourceRow & { cursorAt: string },
  sort: ResourcePageQuery["sort"],
): string | number {
  if (sort === "new") return row.cursorAt;
  if (sort === "popular") return row.resource.noPlays;
  return row.resource.durationSeconds ?? 2147483647;
}

export async function findPublishedResource(db: Db, id: string) {
  const [row] = await db
    .select(appColumns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(listedResource, eq(resources.id, id)));
  return row;
}

/** A short home row: published resources matching `where`, in the given order. */
export async function homeRow(db: Db, where: SQL | undefined, order: "new" | "popular", limit: number) {
  return db
    .select(appColumns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(listedResource, where))
    .orderBy(
      ...(order === "new"
        ? [sql`${resources.timeCreated} desc`, sql`${resources.id} desc`]
        : [sql`${resources.noPlays} desc`, sql`${resources.id} desc`]),
    )
    .limit(limit);
}

export const homeFilters = {
  mood: (mood: Mood) => eq(resources.mood, mood),
  interests: (ids: string[]) => inArray(resources.interestId, ids),
  free: () => eq(resources.paymentType, "free"),
};

/** Interests in their order, each with how many published contents it has; only `ids` when given. */
export async function listAppInterests(db: Db, ids?: string[]) {
  if (ids && !ids.length) return [];
  return db
    .select({
      interest: interests,
      count:
        sql<number>`(select count(*) from resources r where r.interest_id = "interests"."id" and r.review_state = 'published' and r.deleted_at is null)`.mapWith(
          Number,
        ),
    })
    .from(interests)
    .where(ids ? inArray(interests.id, ids) : undefined)
    .orderBy(asc(interests.position), asc(interests.name));
}

export async function findInterestIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: interests.id }).from(interests).where(inArray(interests.id, ids));
  return rows.map((r) => r.id);
}

/** The interests a listener picked. */
export async function userInterestIds(db: Db, userId: string) {
  const rows = await db
    .select({ id: userInterests.interestId })
    .from(userInterests)
    .where(eq(userInterests.userId, userId));
  return rows.map((r) => r.id);
}
