import {
  interestListResponseSchema,
  meResponseSchema,
  type ResourceListQuery,
  resourceListResponseSchema,
  resourceResponseSchema,
  type UserListQuery,
  userListResponseSchema,
} from "@serene/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiList, apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

// The back office's calls that several features read (features never import each other): the
// signed-in admin, the interests, and the content and user lists that pickers search.

/** GET /auth/me: the signed-in admin. */
export function getMe(signal?: AbortSignal) {
  return apiRequest("/auth/me", { schema: meResponseSchema, signal });
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

/** GET /user/interests: every interest, by position, with how many contents each holds. */
export function listInterests(signal?: AbortSignal) {
  return apiList("/user/interests", { schema: interestListResponseSchema, signal });
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

/** GET /user/resources: one page of contents and the page info. */
export function listResources(params: ResourceListParams, signal?: AbortSignal) {
  return apiList("/user/resources", { query: params, schema: resourceListResponseSchema, signal });
}

/** GET /user/resources/:id: one content, every field (its audio URL signed for the back office). */
export function getResource(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}`, { schema: resourceResponseSchema, signal });
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

/** GET /user/users: one page of users, searchable by username and e-mail (`q`). */
export function listUsers(params: Partial<UserListQuery>, signal?: AbortSignal) {
  return apiList("/user/users", { query: params, schema: userListResponseSchema, signal });
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
