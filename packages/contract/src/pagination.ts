import { z } from "./zod.ts";
import { text } from "./common.ts";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** `page`/`limit`/`q` of every list that can grow; without them a list answers its first page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  q: text().max(200).optional(),
});

/** `meta` of a paged list: which page this is and how many there are. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `meta` of a cursor list: the cursor of the next page, null on the last one. */
export const cursorMetaSchema = z.object({ nextCursor: z.string().nullable() });
export type CursorMeta = z.infer<typeof cursorMetaSchema>;

/** `meta` of a short list that is not paged: how many items it holds. */
export const countMetaSchema = z.object({ total: z.number().int() });
export type CountMeta = z.infer<typeof countMetaSchema>;

/** `cursor`/`limit` of a list paged by cursor (the app API). */
export const cursorQuerySchema = z.object({
  cursor: text().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * The answer of every list: `{ status, message, data: [...], meta }`. `data` IS the array
 * (the spec's client reads the body's `data` as the list); paging and extra counts live in `meta`.
 */
export function listEnvelope<T extends z.ZodType, M extends z.ZodType = typeof pageMetaSchema>(
  item: T,
  meta: M = pageMetaSchema as unknown as M,
) {
  return z.object({ status: z.literal(true), message: z.string(), data: z.array(item), meta });
}

// ---- Sorting: the column a list is ordered by, and which way ----

export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * A list's orders: each column it sorts by with the direction a first click gives (names A→Z,
 * dates and counts newest or highest first), the older names links and clients from before still
 * send (`newest`: the date, newest first), and the order without a `sort`.
 */
export interface SortSpec<F extends string, A extends string = never> {
  fields: Record<F, SortDirection>;
  aliases?: Record<A, { field: NoInfer<F>; direction: SortDirection }>;
  default: NoInfer<F | A>;
}

/** Builds a list's `SortSpec`, keeping its column and alias names as types. */
export const sortSpec = <F extends string, A extends string = never>(spec: SortSpec<F, A>) => spec;

/**
 * `sort` and `direction` of a list's query: `sort` one of the list's columns (or older names), 400
 * naming `sort` otherwise; `direction` asc or desc, the column's own when left out.
 */
export function sortQuery<F extends string, A extends string>(spec: SortSpec<F, A>) {
  const names = [...Object.keys(spec.fields), ...Object.keys(spec.aliases ?? {})] as [F | A, ...(F | A)[]];
  return {
    sort: z.enum(names, { error: `sort must be one of ${names.join(", ")}` }).default(spec.default as never),
    direction: z.enum(sortDirections, { error: "direction must be asc or desc" }).optional(),
  };
}

/** The column and direction a list's `sort` and `direction` mean (an older name stands for its own). */
export function orderOf<F extends string, A extends string>(
  spec: SortSpec<F, A>,
  sort: F | A,
  direction?: SortDirection,
): { field: F; direction: SortDirection } {
  const alias = (spec.aliases as Partial<Record<string, { field: F; direction: SortDirection }>>)?.[sort];
  if (alias) return { field: alias.field, direction: direction ?? alias.direction };
  return { field: sort as F, direction: direction ?? spec.fields[sort as F] };
}

// ---- Bulk actions: one request for the rows picked, or every row a filter matches ----

/** The most rows one bulk action takes (picked, or matching a filter). */
export const BULK_MAX = 10_000;

/**
 * Which rows a bulk action is for: `ids` (the rows picked) or `filter` (every row the list's
 * filter matches, as "all N matching"), never both.
 */
export function bulkTarget<F extends z.ZodType>(filter: F) {
  return {
    ids: z
      .array(z.uuid({ error: "must be a valid id" }))
      .min(1, { error: "Pick at least one row" })
      .max(BULK_MAX, { error: `At most ${BULK_MAX} rows at once` })
      .optional(),
    filter: filter.optional(),
  };
}

/** The refinement of a bulk body: exactly one of `ids` and `filter`. */
export const oneBulkTarget: [
  (body: { ids?: unknown; filter?: unknown }) => boolean,
  { error: string; path: string[] },
] = [
  (body) => (body.ids === undefined) !== (body.filter === undefined),
  { error: "Send either ids (the rows picked) or filter (every row matching it)", path: ["ids"] },
];

/** What a bulk action did: how many rows it changed (and which), and each row it left alone with why. */
export const bulkResultSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({
    done: z.number().int(),
    ids: z.array(z.string()),
    failed: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
  }),
});
export type BulkResult = z.infer<typeof bulkResultSchema>["data"];
