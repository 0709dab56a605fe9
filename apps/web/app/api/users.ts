import { type UserListQuery, userListResponseSchema } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiList } from "../lib/api-client";
import { queryKeys } from "../lib/query-keys";

/** GET /user/users: one page of users, searchable by username and e-mail (`q`). */
export function listUsers(params: Partial<UserListQuery>, signal?: AbortSignal) {
  return apiList("/user/users", { query: params, schema: userListResponseSchema, signal });
}

/** How many users a search shows at once; typing narrows them down. */
const SEARCH_LIMIT = 20;

/** Accounts, staff included, whose username or e-mail contains `q` (the newest ones when `q` is empty). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.users.search(q),
    queryFn: ({ signal }) => listUsers({ q: q || undefined, limit: SEARCH_LIMIT, audience: "all" }, signal),
    select: (answer) => answer.items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
