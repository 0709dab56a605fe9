import { type CursorMeta, type PageMeta, type SortDirection, sortDirections } from "@serene/contract";
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "./errors.ts";
import { iso } from "./iso.ts";

/** `meta` of a page of `total` rows. */
export function pageMeta(page: number, limit: number, total: number): PageMeta {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/**
 * Selected as `total` beside a page's columns: how many rows the whole query matches, counted
 * by the same query (`count(*) over()`), so a list is one round trip. It reads every matching row
 * before the page can stop at its limit: the large lists (users, resources) read their page alone
 * and their total apart instead, from a counter kept by triggers when nothing filters them.
 */
export const totalRows = sql<number>`(count(*) over())::int`;

/** A page selected with `total: totalRows`: its rows, and the total (0 past the last row). */
export function pageOf<R extends { total: number }>(selected: R[]) {
  return { rows: selected.map(({ total: _total, ...row }) => row), total: selected[0]?.total ?? 0 };
}

/** A case-insensitive `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Opaque keyset cursor: the sort value and id of the last row of a page. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/** The values of a cursor made by `encodeCursor`, or null when it is not one. */
export function decodeCursor(cursor: string | undefined): (string | number)[] | null {
  if (!cursor) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(values) && values.every((v) => typeof v === "string" || typeof v === "number")
      ? values
      : null;
  } catch {
    return null;
  }
}

/**
 * A time column as a cursor carries it: its UTC text to the microsecond, as PostgreSQL holds it,
 * whatever the session's time zone. A JS Date keeps milliseconds only: rows written within one
 * millisecond would be skipped or repeated at a page's edge. Selected beside a cursor list's rows.
 */
export const cursorTime = (column: AnyPgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `cursorTime`'s text; cursors from before it carry 3 decimals (still a valid time). */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * The sort keys of cursor lists: a time (`cursorTime`'s text) or a count (the catalogue's popular
 * and shortest sorts): which values a cursor may carry, and the value as SQL of the key's type.
 */
const CURSOR_KEYS = {
  time: {
    valid: (v: string | number) =>
      typeof v === "string" &&
      CURSOR_TIME.test(v) &&
      // A real date: PostgreSQL refuses 2025-02-30 where Date.parse rolls it over.
      !Number.isNaN(Date.parse(v)) &&
      iso(new Date(v)).slice(0, 19) === v.slice(0, 19),
    typed: (v: string | number) => sql`${v}::timestamptz`,
  },
  count: {
    valid: (v: string | number) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 2 ** 31,
    typed: (v: string | number) => sql`${v}::int`,
  },
  /** Text compared byte by byte (`collate "C"`), as the list's key must be: the seats' sorts. */
  text: {
    valid: (v: string | number) => typeof v === "string" && v.length <= 400,
    typed: (v: string | number) => sql`${v}::text collate "C"`,
  },
} as const;
export type CursorKey = keyof typeof CURSOR_KEYS;

/** Keyset position: the sort key (as SQL of its type) and id of the previous page's last row. */
export type After = { key: SQL; id: string } | null;

/**
 * Rows after the cursor in (key, id) order, descending unless `order` says otherwise: one row
 * comparison, exact to the microsecond, served by a (key, id) index.
 */
export function keysetAfter(
  keyColumn: AnyPgColumn | SQL,
  idColumn: AnyPgColumn,
  after: After,
  order: "asc" | "desc" = "desc",
) {
  if (!after) return undefined;
  return order === "desc"
    ? sql`(${keyColumn}, ${idColumn}) < (${after.key}, ${after.id}::uuid)`
    : sql`(${keyColumn}, ${idColumn}) > (${after.key}, ${after.id}::uuid)`;
}

/** The (key, id) of a `cursor` query parameter; 400 naming `cursor` when it is not one of this list's. */
export function parseCursor(cursor: string | undefined, kind: CursorKey): After {
  if (cursor === undefined) return null;
  const values = decodeCursor(cursor);
  const [key, id] = values ?? [];
  if (
    values?.length !== 2 ||
    key === undefined ||
    !CURSOR_KEYS[kind].valid(key) ||
    typeof id !== "string" ||
    !UUID.test(id)
  )
    throw badRequest("cursor: not a cursor of this list", "cursor");
  return { key: CURSOR_KEYS[kind].typed(key), id };
}

/**
 * A cursor that may carry a tier after its (key, id) (a list ordered by tier first: the
 * catalogue's search), as the plain cursor and the tier (0 when none); 400 naming `cursor` when
 * the tier is not 0 or 1.
 */
export function splitTier(cursor: string | undefined): { cursor: string | undefined; tier: number } {
  const values = decodeCursor(cursor);
  if (values?.length !== 3) return { cursor, tier: 0 };
  const tier = values[2];
  if (tier !== 0 && tier !== 1) throw badRequest("cursor: not a cursor of this list", "cursor");
  return { cursor: encodeCursor(values.slice(0, 2)), tier };
}

/** The (time, id) of the `cursor` of a list ordered by time (`cursorTime`), then id. */
export const parseTimeCursor = (cursor: string | undefined) => parseCursor(cursor, "time");

/**
 * The page of `limit` rows out of `limit + 1` read, and the cursor of the next page (null on the
 * last): `key` gives a row's sort key (a time as `cursorTime` selected it) and id.
 */
export function timePage<R, T>(
  rows: R[],
  limit: number,
  key: (row: R) => [string | number, string, ...number[]],
  item: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(key(last)) : null;
  return { items: items.map(item), nextCursor };
}

export type { CursorMeta, PageMeta };

/** How many rows an export reads at a time (one query each). */
export const EXPORT_BATCH = 1000;

/**
 * Every row of a keyset-ordered list, in batches, each read only when the consumer asks for it
 * (the CSV exports: any number of rows, one batch in memory). `read(last, limit)` answers the
 * `limit` rows that follow `last`, the previous batch's last row (null for the first batch).
 */
export async function* inBatches<R>(
  read: (last: R | null, limit: number) => Promise<R[]>,
  batch = EXPORT_BATCH,
): AsyncGenerator<R[]> {
  let last: R | null = null;
  for (;;) {
    const rows = await read(last, batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    last = rows[rows.length - 1]!;
    // A turn of the event loop between batches: other requests are served during a long export
    // (embedded PGlite runs its queries on this thread) and the socket writes what it has.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The keyset position after a row selected with its `cursorAt` (`cursorTime`) and id; null for none. */
const afterRow = (row: { cursorAt: string; id: string } | null): After =>
  row && { key: CURSOR_KEYS.time.typed(row.cursorAt), id: row.id };

/** A list's select up to its `where`: what `newestInBatches` orders and limits. */
interface BatchQuery<R> {
  orderBy(...columns: SQL[]): { limit(limit: number): Promise<R[]> };
}

/**
 * Every row of a list, newest first by (`time`, `id`), in batches (the CSV exports). `query` is the
 * list's select up to its `where`: it selects `keys` (the id and `cursorAt`, where the next batch
 * starts) beside its columns and puts `after` (rows past the previous batch) into its `where`.
 */
export function newestInBatches<R extends { id: string; cursorAt: string }>(
  time: AnyPgColumn,
  id: AnyPgColumn,
  query: (batch: {
    keys: { id: AnyPgColumn; cursorAt: SQL<string> };
    after: SQL | undefined;
  }) => BatchQuery<R>,
) {
  const keys = { id, cursorAt: cursorTime(time) };
  return inBatches<R>((last, limit) =>
    query({ keys, after: keysetAfter(time, id, afterRow(last)) })
      .orderBy(desc(time), desc(id))
      .limit(limit),
  );
}

/** Rows after `last` in the order (`column`, id) both `direction`, NULLs last ascending and first descending (PostgreSQL's). */
function sortedAfter(
  column: AnyPgColumn | SQL,
  id: AnyPgColumn,
  direction: SortDirection,
  last: { id: string; sortKey: string | null },
) {
  const value = last.sortKey;
  if (direction === "asc") {
    return value === null
      ? sql`(${column} is null and ${id} > ${last.id})`
      : sql`(${column} > ${value} or (${column} = ${value} and ${id} > ${last.id}) or ${column} is null)`;
  }
  return value === null
    ? sql`(${column} is not null or ${id} < ${last.id})`
    : sql`(${column} < ${value} or (${column} = ${value} and ${id} < ${last.id}))`;
}

/**
 * Every row of a list in one of its column orders (`sortOrders`: the column, then the id, both
 * `direction`), in batches (a CSV export following the list's sort). As `newestInBatches`, `query`
 * selects `keys` (the id and the column's value as text, where the next batch starts) and puts
 * `after` into its `where`; nullable columns are kept in PostgreSQL's NULL order.
 */
export function sortedInBatches<R extends { id: string; sortKey: string | null }>(
  column: AnyPgColumn | SQL,
  id: AnyPgColumn,
  direction: SortDirection,
  query: (batch: {
    keys: { id: AnyPgColumn; sortKey: SQL<string | null> };
    after: SQL | undefined;
  }) => BatchQuery<R>,
) {
  const keys = { id, sortKey: sql<string | null>`(${column})::text` };
  const by = direction === "asc" ? asc : desc;
  return inBatches<R>((last, limit) =>
    query({ keys, after: last ? sortedAfter(column, id, direction, last) : undefined })
      .orderBy(by(column), by(id))
      .limit(limit),
  );
}

/**
 * Every order of a sortable list: each column both ways, then the id the same way (so a page's
 * edge is stable), keyed `<column>_<direction>` (the name of its prepared statement).
 */
export function sortOrders<F extends string>(columns: Record<F, AnyPgColumn | SQL>, id: AnyPgColumn) {
  const entries = Object.entries<AnyPgColumn | SQL>(columns).flatMap(([field, column]) =>
    sortDirections.map((direction) => {
      const by = direction === "asc" ? asc : desc;
      return [`${field}_${direction}`, [by(column), by(id)]];
    }),
  );
  return Object.fromEntries(entries) as Record<`${F}_${SortDirection}`, SQL[]>;
}
