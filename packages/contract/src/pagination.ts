import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

/** `page`/`limit`/`q` of every list that can grow; without them a list answers its first page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
});

export const pageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

/** The spec's list answer: `data.data` is the list; `data.meta` tells the page. */
export function pagedData<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageInfoSchema });
}
