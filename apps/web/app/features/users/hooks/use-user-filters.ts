import type { UserListQuery } from "@serene/contract";
import { oneOf, readPage, type SetFilters, useUrlFilters } from "../../../lib/use-url-filters";

type UserSort = UserListQuery["sort"];

/** The users page's search, order and page, kept in the URL (shareable, and Back works). */
export interface UserFilters {
  q: string;
  sort: UserSort;
  page: number;
}

const sorts: readonly UserSort[] = ["newest", "oldest", "username"];

function readFilters(params: URLSearchParams): UserFilters {
  return {
    q: params.get("q")?.trim() ?? "",
    sort: oneOf(sorts, params.get("sort")) ?? "newest",
    page: readPage(params),
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
  return useUrlFilters(readFilters, writeFilters);
}

export type SetUserFilters = SetFilters<UserFilters>;
