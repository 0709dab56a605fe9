import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** A back-office list's filters: whatever it filters by, and the page. */
export interface PagedFilters {
  page: number;
}

/** The `page` of a list URL: a whole number from 1, or 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** `value` when it is one of `values`, otherwise null (an old or hand-edited link). */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export type SetFilters<F> = (change: Partial<F>, options?: { replace?: boolean }) => void;

/**
 * A list's filters kept in the URL (shareable, and Back works) and a setter. `read` and `write`
 * must be module-level functions. A change goes back to page 1 unless it names the page;
 * `replace` keeps it out of the history (typing in a search box).
 */
export function useUrlFilters<F extends PagedFilters>(
  read: (params: URLSearchParams) => F,
  write: (filters: F) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [params, read]);
  const setFilters = useCallback<SetFilters<F>>(
    (change, { replace = false } = {}) => {
      setParams((current) => write({ ...read(current), page: 1, ...change }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams, read, write],
  );
  return [filters, setFilters] as const;
}

/** The filters of a list searched by text and narrowed to one state (purchases, messages, requests). */
export interface SearchStateFilters<S extends string> extends PagedFilters {
  q: string;
  state: S | null;
}

/** `read` and `write` for `SearchStateFilters` over these states: `?q=…&state=…&page=…`. */
export function searchStateFilters<S extends string>(states: readonly S[]) {
  return {
    read: (params: URLSearchParams): SearchStateFilters<S> => ({
      q: params.get("q")?.trim() ?? "",
      state: oneOf(states, params.get("state")),
      page: readPage(params),
    }),
    write: ({ q, state, page }: SearchStateFilters<S>): URLSearchParams => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (state) params.set("state", state);
      if (page > 1) params.set("page", String(page));
      return params;
    },
  };
}

/** The list request for search and state filters: the page and its size, and only the filters set. */
export function searchStateQuery<S extends string>({ page, q, state }: SearchStateFilters<S>, limit: number) {
  return { page, limit, q: q || undefined, state: state ?? undefined };
}
