import type { UserListQuery } from "@serene/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

type UserSort = UserListQuery["sort"];

/** The users page's search, order and page, kept in the URL (shareable, and Back works). */
export interface UserFilters {
  q: string;
  sort: UserSort;
  page: number;
}

const sorts: readonly UserSort[] = ["newest", "oldest", "username"];

function readFilters(params: URLSearchParams): UserFilters {
  const page = Number(params.get("page"));
  return {
    q: params.get("q")?.trim() ?? "",
    sort: sorts.find((sort) => sort === params.get("sort")) ?? "newest",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function writeFilters({ q, sort, page }: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== "newest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return params;
}

/**
 * The filters in the URL and a setter. A new search or order goes back to page 1; `replace`
 * keeps it out of the history (typing in the search box).
 */
export function useUserFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters = useCallback(
    (change: Partial<UserFilters>, { replace = false } = {}) => {
      setParams((current) => writeFilters({ ...readFilters(current), page: 1, ...change }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}

export type SetUserFilters = ReturnType<typeof useUserFilters>[1];
