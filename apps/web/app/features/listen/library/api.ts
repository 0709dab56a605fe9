import { listenKeys } from "../shared/listen-query-client";
import type {
  continueListResponseSchema,
  favouriteListResponseSchema,
  historyListResponseSchema,
  listenerStatsResponseSchema,
  okEnvelopeSchema,
} from "@serene/contract";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { byCursor } from "../../../lib/cursor-list";
import { justRead, listenList, listenRequest } from "../shared/request";

// The listener's library (APP-API.md part 2): continue listening, history, favourites, stats.

export const listContinue = (signal?: AbortSignal) =>
  listenList<typeof continueListResponseSchema>("/app/progress", { signal });
export const hideContinue = (resourceId: string) =>
  listenRequest<typeof okEnvelopeSchema>(`/app/progress/${encodeURIComponent(resourceId)}`, {
    method: "DELETE",
  });
export const listHistory = (cursor?: string, signal?: AbortSignal) =>
  listenList<typeof historyListResponseSchema>("/app/history", {
    query: { cursor },
    signal,
  });
export const listFavourites = (cursor?: string, signal?: AbortSignal) =>
  listenList<typeof favouriteListResponseSchema>("/app/favourites", {
    query: { cursor },
    signal,
  });
export const setFavourite = (resourceId: string, favourite: boolean) =>
  listenRequest<typeof okEnvelopeSchema>(`/app/favourites/${encodeURIComponent(resourceId)}`, {
    method: favourite ? "PUT" : "DELETE",
  });
export const getStats = (days: number, signal?: AbortSignal) =>
  listenRequest<typeof listenerStatsResponseSchema>("/app/stats", {
    query: { days },
    signal,
  });

export const favouritesQuery = infiniteQueryOptions({
  queryKey: listenKeys.favourites,
  queryFn: ({ signal, pageParam }) => listFavourites(pageParam, signal),
  ...byCursor,
});

export const historyQuery = infiniteQueryOptions({
  queryKey: listenKeys.history,
  queryFn: ({ signal, pageParam }) => listHistory(pageParam, signal),
  ...byCursor,
});

/** Continue listening with where each item stands (the home's row shows how far along). */
export const continueQuery = queryOptions({
  queryKey: listenKeys.continue,
  queryFn: ({ signal }) => listContinue(signal),
  select: (list) => list.items,
  staleTime: justRead,
});

export const statsQuery = (days: number) =>
  queryOptions({
    queryKey: listenKeys.stats(days),
    queryFn: ({ signal }) => getStats(days, signal),
    select: (answer) => answer.data,
  });
export const useStats = (days: number) => useQuery(statsQuery(days));
