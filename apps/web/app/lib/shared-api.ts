import type { ResourceListQuery, UserListQuery } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "./api-client";
import { queryKeys } from "./query-keys";

// The back office's calls that several features read (features never import each other): the
// signed-in admin, the interests, and the content and user lists that pickers search.

/** The signed-in admin. */
export function getMe(signal?: AbortSignal) {
  return callEndpoint(endpoints.auth.me, { signal });
}

/** The signed-in admin, kept for five minutes. */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    select: (answer) => answer.data.user,
    staleTime: 5 * 60_000,
  });
}

/** Every interest, by position, with how many contents each holds. */
export function listInterests(signal?: AbortSignal) {
  return callList(endpoints.interests.list, { signal });
}

/** Every interest, by position (a short list: the whole of it is loaded). */
export function useInterests() {
  return useQuery({
    queryKey: queryKeys.interests.all,
    queryFn: ({ signal }) => listInterests(signal),
    select: (answer) => answer.items,
  });
}

/** What the content list can be asked for; the server fills in the rest (page 1, newest first). */
export type ResourceListParams = Partial<ResourceListQuery>;

/** One page of contents and the page info. */
export function listResources(params: ResourceListParams, signal?: AbortSignal) {
  return callList(endpoints.resources.list, { query: params, signal });
}

/** One content, every field (its audio URL signed for the back office). */
export function getResource(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.resources.get, { params: { id }, signal });
}

/** How many contents or users a picker's search shows at once; typing narrows them down. */
const SEARCH_LIMIT = 20;

/** Published contents whose title contains `q` (the newest ones when `q` is empty), for pickers. */
export const contentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.resources.list({ q, reviewState: "published", limit: SEARCH_LIMIT }),
    queryFn: ({ signal }) =>
      listResources({ q: q || undefined, reviewState: "published", limit: SEARCH_LIMIT }, signal),
    select: (answer) => answer.items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** One content, by id: the same answer as the contents pages cache under this key. */
export const contentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.resources.one(id),
    queryFn: ({ signal }) => getResource(id, signal),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });

/** One page of users, searchable by username and e-mail (`q`). */
export function listUsers(params: Partial<UserListQuery>, signal?: AbortSignal) {
  return callList(endpoints.users.list, { query: params, signal });
}

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
