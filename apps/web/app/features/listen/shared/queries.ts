import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { getEntitlement, getMe, listSessions } from "../account/api";
import {
  getHome,
  getResource,
  listInterestResources,
  listInterests,
  type ResourceFilters,
  searchResources,
} from "../catalogue/api";
import { getReminders, getSeries, getToday } from "../habit/api";
import {
  getAppConfig,
  getStats,
  listContinue,
  listFavourites,
  listHistory,
  listMessages,
} from "../player/api";

const minute = 60_000;
// What a page's loader has just read is not read again as the page mounts.
const justRead = 10_000;

export const listenKeys = {
  all: ["listen"] as const,
  me: ["listen", "me"] as const,
  entitlement: ["listen", "entitlement"] as const,
  sessions: ["listen", "sessions"] as const,
  home: ["listen", "home"] as const,
  interests: ["listen", "interests"] as const,
  resource: (id: string) => ["listen", "resource", id] as const,
  search: (filters: ResourceFilters) => ["listen", "search", filters] as const,
  interest: (id: string) => ["listen", "interest", id] as const,
  favourites: ["listen", "favourites"] as const,
  history: ["listen", "history"] as const,
  continue: ["listen", "continue"] as const,
  statsAll: ["listen", "stats"] as const,
  stats: (days: number) => ["listen", "stats", days] as const,
  messages: ["listen", "messages"] as const,
  config: ["listen", "config"] as const,
  today: ["listen", "today"] as const,
  seriesAll: ["listen", "series"] as const,
  series: (id: string) => ["listen", "series", id] as const,
  reminders: ["listen", "reminders"] as const,
};

export const meQuery = queryOptions({
  queryKey: listenKeys.me,
  queryFn: ({ signal }) => getMe(signal).then((answer) => answer.data),
  staleTime: 5 * minute,
});
export const useMe = () => useQuery(meQuery);

export const entitlementQuery = queryOptions({
  queryKey: listenKeys.entitlement,
  queryFn: ({ signal }) => getEntitlement(signal).then((answer) => answer.data),
});
export const useEntitlement = () => useQuery(entitlementQuery);

export const useSessions = () =>
  useQuery({
    queryKey: listenKeys.sessions,
    queryFn: ({ signal }) => listSessions(signal).then((a) => a.data),
  });

export const homeQuery = queryOptions({
  queryKey: listenKeys.home,
  queryFn: ({ signal }) => getHome(signal).then((a) => a.data.sections),
  staleTime: justRead,
});
export const useHome = () => useQuery(homeQuery);

export const interestsQuery = queryOptions({
  queryKey: listenKeys.interests,
  queryFn: ({ signal }) => listInterests(signal).then((a) => a.data),
  staleTime: 30 * minute,
});
export const useInterests = () => useQuery(interestsQuery);

export const resourceQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.resource(id),
    queryFn: ({ signal }) => getResource(id, signal).then((a) => a.data),
    staleTime: justRead,
  });
export const useResource = (id: string) => useQuery(resourceQuery(id));

export const searchQuery = (filters: ResourceFilters) =>
  infiniteQueryOptions({
    queryKey: listenKeys.search(filters),
    queryFn: ({ signal, pageParam }) => searchResources(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });

export const interestQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: listenKeys.interest(id),
    queryFn: ({ signal, pageParam }) => listInterestResources(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });

export const favouritesQuery = infiniteQueryOptions({
  queryKey: listenKeys.favourites,
  queryFn: ({ signal, pageParam }) => listFavourites(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
});

export const historyQuery = infiniteQueryOptions({
  queryKey: listenKeys.history,
  queryFn: ({ signal, pageParam }) => listHistory(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
});

/** Continue listening with where each item stands (the home's row shows how far along). */
export const continueQuery = queryOptions({
  queryKey: listenKeys.continue,
  queryFn: ({ signal }) => listContinue(signal).then((a) => a.data),
  staleTime: justRead,
});

export const useStats = (days: number) =>
  useQuery({
    queryKey: listenKeys.stats(days),
    queryFn: ({ signal }) => getStats(days, signal).then((a) => a.data),
  });

export const messagesQuery = infiniteQueryOptions({
  queryKey: listenKeys.messages,
  queryFn: ({ signal, pageParam }) => listMessages(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
});

export const useAppMessage = () =>
  useQuery({
    queryKey: listenKeys.config,
    queryFn: ({ signal }) => getAppConfig(signal).then((a) => a.data.message),
    staleTime: 30 * minute,
  });

/** Today's pick, minutes today and the streak (they change as the listener listens). */
export const todayQuery = queryOptions({
  queryKey: listenKeys.today,
  queryFn: ({ signal }) => getToday(signal).then((a) => a.data),
  staleTime: justRead,
});
export const useToday = () => useQuery(todayQuery);

export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.series(id),
    queryFn: ({ signal }) => getSeries(id, signal).then((a) => a.data),
    staleTime: justRead,
  });
export const useSeries = (id: string) => useQuery(seriesQuery(id));

export const remindersQuery = queryOptions({
  queryKey: listenKeys.reminders,
  queryFn: ({ signal }) => getReminders(signal).then((a) => a.data),
});
