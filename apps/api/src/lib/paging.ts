import type { CursorMeta, PageMeta } from "@serene/contract";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "./errors.ts";

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

/** The answer of every list: `data` is the array, paging and counts go in `meta`. */
export function listReply<T, M extends object>(message: string, data: T[], meta: M) {
  return { status: true as const, message, data, meta };
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

/** Keyset position in a list ordered by (time desc, id desc): the last row of the previous page. */
export type After = { at: Date; id: string } | null;

/** Rows after the cursor in (time desc, id desc) order. */
export function keysetAfter(atColumn: AnyPgColumn, idColumn: AnyPgColumn, after: After) {
  return after ? or(lt(atColumn, after.at), and(eq(atColumn, after.at), lt(idColumn, after.id))) : undefined;
}

/** The (time, id) of a `cursor` query parameter; 400 naming `cursor` when it is not one of ours. */
export function parseTimeCursor(cursor: string | undefined): After {
  if (cursor === undefined) return null;
  const values = decodeCursor(cursor);
  const [at, id] = values ?? [];
  if (
    values?.length !== 2 ||
    typeof at !== "string" ||
    typeof id !== "string" ||
    Number.isNaN(Date.parse(at))
  )
    throw badRequest("cursor: not a cursor of this list", "cursor");
  return { at: new Date(at), id };
}

/** The page of `limit` rows out of `limit + 1` read, and the cursor of the next page (null on the last). */
export function timePage<R, T>(
  rows: R[],
  limit: number,
  key: (row: R) => [Date, string],
  item: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor([key(last)[0].toISOString(), key(last)[1]]) : null;
  return { items: items.map(item), nextCursor };
}

export type { CursorMeta, PageMeta };
