import type { AppResourceQuery, ReplyOf } from "@serene/contract";
import { catalogueEndpoints } from "@serene/contract/endpoints";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { byCursor } from "../../../lib/cursor-list";
import { listenKeys } from "../shared/listen-query-client";
import { justRead } from "../../../lib/query-client";
import { listenCall, listenList } from "../shared/request";

// The catalogue (APP-API.md part 1): the home's sections, interests, search and one item.

/** What a search can be narrowed by (GET /app/resources). */
export type ResourceFilters = Partial<Omit<AppResourceQuery, "cursor" | "limit">>;
/** One section of the home (GET /app/home). */
export type HomeSection = ReplyOf<typeof catalogueEndpoints.home>["data"]["sections"][number];

export const listInterests = (signal?: AbortSignal) => listenList(catalogueEndpoints.interests, { signal });
export const getHome = (signal?: AbortSignal) => listenCall(catalogueEndpoints.home, { signal });

export const searchResources = (filters: ResourceFilters, cursor?: string, signal?: AbortSignal) =>
  listenList(catalogueEndpoints.list, { query: { ...filters, cursor, limit: 20 }, signal });
export const getResource = (id: string, signal?: AbortSignal) =>
  listenCall(catalogueEndpoints.get, { params: { id }, signal });
export const listInterestResources = (id: string, cursor?: string, signal?: AbortSignal) =>
  listenList(catalogueEndpoints.interestResources, { params: { id }, query: { cursor, limit: 20 }, signal });
/** A signed URL of the audio file (downloads); 403 subscription_required when locked. */
export const streamUrl = (id: string) => listenCall(catalogueEndpoints.stream, { params: { id } });

export const homeQuery = queryOptions({
  queryKey: listenKeys.home,
  queryFn: ({ signal }) => getHome(signal),
  select: (answer) => answer.data.sections,
  staleTime: justRead,
});
export const useHome = () => useQuery(homeQuery);

export const interestsQuery = queryOptions({
  queryKey: listenKeys.interests,
  queryFn: ({ signal }) => listInterests(signal),
  select: (list) => list.items,
  staleTime: 30 * 60_000,
});
export const useInterests = () => useQuery(interestsQuery);

export const resourceQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.resource(id),
    queryFn: ({ signal }) => getResource(id, signal),
    select: (answer) => answer.data,
    staleTime: justRead,
  });
export const useResource = (id: string) => useQuery(resourceQuery(id));

export const searchQuery = (filters: ResourceFilters) =>
  infiniteQueryOptions({
    queryKey: listenKeys.search(filters),
    queryFn: ({ signal, pageParam }) => searchResources(filters, pageParam, signal),
    ...byCursor,
  });

export const interestQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: listenKeys.interest(id),
    queryFn: ({ signal, pageParam }) => listInterestResources(id, pageParam, signal),
    ...byCursor,
  });
