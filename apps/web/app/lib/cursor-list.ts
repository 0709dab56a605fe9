import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
} from "@tanstack/react-query";
import type { ListPage } from "./api-client";

// Every cursor list of the web (the listener's, the portal's) pages through these two: the
// paging options beside a list's `infiniteQueryOptions`, and the hook that shows it as one list.

/** One page of a cursor list: its items, and `meta.nextCursor` (null on the last page). */
export type CursorPage<T, M extends { nextCursor: string | null } = { nextCursor: string | null }> = ListPage<
  T,
  M
>;

/** The paging of an infinite query over a cursor list (`meta.nextCursor`), for `infiniteQueryOptions`. */
export const byCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { meta: { nextCursor: string | null } }) => last.meta.nextCursor ?? undefined,
};

/** The items of every page read so far, in order; undefined before the first page. */
export function cursorItems<T>(data: InfiniteData<{ items: T[] }> | undefined): T[] | undefined {
  return data?.pages.flatMap((page) => page.items);
}

/** A cursor list's pages as one list: the items so far, and the next page on demand. */
export function useCursorList<T, M extends { nextCursor: string | null }, K extends QueryKey>(
  options: UseInfiniteQueryOptions<
    CursorPage<T, M>,
    Error,
    InfiniteData<CursorPage<T, M>>,
    K,
    string | undefined
  >,
) {
  const list = useInfiniteQuery(options);
  return {
    items: cursorItems(list.data),
    hasMore: list.hasNextPage,
    more: () => void list.fetchNextPage(),
    loadingMore: list.isFetchingNextPage,
    error: list.error,
  };
}
