import { listeningEndpoints } from "@serene/contract/endpoints";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { byCursor } from "../../../lib/cursor-list";
import { listenKeys } from "../shared/listen-query-client";
import { justRead } from "../../../lib/query-client";
import { listenCall, listenList } from "../shared/request";
import { type Kept, keptOffline } from "./downloads";

// The listener's library (APP-API.md part 2): continue listening, history, favourites, stats.

export const listContinue = (signal?: AbortSignal) =>
  listenList(listeningEndpoints.continueListening, { signal });
export const hideContinue = (resourceId: string) =>
  listenCall(listeningEndpoints.hideProgress, { params: { resourceId } });
export const listHistory = (cursor?: string, signal?: AbortSignal) =>
  listenList(listeningEndpoints.history, { query: { cursor }, signal });
export const listFavourites = (cursor?: string, signal?: AbortSignal) =>
  listenList(listeningEndpoints.favourites, { query: { cursor }, signal });
export const setFavourite = (resourceId: string, favourite: boolean) =>
  listenCall(favourite ? listeningEndpoints.addFavourite : listeningEndpoints.removeFavourite, {
    params: { resourceId },
  });
export const getStats = (days: number, signal?: AbortSignal) =>
  listenCall(listeningEndpoints.stats, { query: { days }, signal });

export const favouritesQuery = infiniteQueryOptions({
  queryKey: listenKeys.favourites,
  queryFn: ({ signal, pageParam }) => listFavourites(pageParam, signal),
  ...byCursor,
});

/** The history; its first page is kept for offline (the home and the library show it dated there). */
export const historyQuery = infiniteQueryOptions({
  queryKey: listenKeys.history,
  queryFn: ({ signal, pageParam }): Promise<Kept<Awaited<ReturnType<typeof listHistory>>>> =>
    pageParam ? listHistory(pageParam, signal) : keptOffline("history", () => listHistory(undefined, signal)),
  ...byCursor,
  networkMode: "always",
});

/** Continue listening with where each item stands (the home's row shows how far along). */
export const continueQuery = queryOptions({
  queryKey: listenKeys.continue,
  queryFn: ({ signal }) => listContinue(signal),
  select: (list) => list.items,
  staleTime: justRead,
});

/** The stats over `days`; kept for offline, where they show as of when they were read. */
export const statsQuery = (days: number) =>
  queryOptions({
    queryKey: listenKeys.stats(days),
    queryFn: ({ signal }) => keptOffline(`stats-${days}`, () => getStats(days, signal)),
    select: (answer) => ({ ...answer.data, asOf: answer.asOf }),
    networkMode: "always",
  });
export const useStats = (days: number) => useQuery(statsQuery(days));
