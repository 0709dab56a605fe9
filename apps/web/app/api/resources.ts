import { type ResourceListQuery, resourceListResponseSchema, resourceResponseSchema } from "@serene/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiList, apiRequest } from "../lib/api-client";
import { queryKeys } from "../lib/query-keys";

/** What the list can be asked for; the server fills in the rest (page 1, newest first). */
export type ResourceListParams = Partial<ResourceListQuery>;

/** GET /user/resources: one page of contents and the page info. */
export function listResources(params: ResourceListParams, signal?: AbortSignal) {
  return apiList("/user/resources", { query: params, schema: resourceListResponseSchema, signal });
}

/** GET /user/resources/:id: one content, every field (its audio URL signed for the back office). */
export function getResource(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}`, { schema: resourceResponseSchema, signal });
}

/** How many contents a search shows at once; typing narrows them down. */
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

/** One content, by id. */
export const contentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.resources.one(id),
    // The same answer as the contents pages cache under this key.
    queryFn: ({ signal }) => getResource(id, signal),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });
