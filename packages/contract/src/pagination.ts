import { z } from "zod";
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
