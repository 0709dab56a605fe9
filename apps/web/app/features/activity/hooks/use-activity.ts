import type { NotificationKind } from "@serene/contract";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ActivityParams, listActivity, listNotifications } from "../api/activity";
import { queryKeys } from "../../../lib/query-keys";

/** One page of the activity log. */
export function useActivityList(params: ActivityParams) {
  return useQuery({
    queryKey: queryKeys.activity.list(params),
    queryFn: ({ signal }) => listActivity(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The Feed: recent activity, a page at a time ("Show older"). */
export function useActivityFeed(params: Omit<ActivityParams, "page">) {
  return useInfiniteQuery({
    queryKey: queryKeys.activity.feed(params),
    queryFn: ({ signal, pageParam }) => listActivity({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
  });
}

/** How many alerts a top-bar dropdown lists; its unread count covers all of them. */
const NOTIFICATION_LIMIT = 30;
const POLL_MS = 60_000;

/** One top-bar dropdown's alerts, asked for again every minute. */
export function useNotifications(kinds: readonly NotificationKind[]) {
  return useQuery({
    queryKey: queryKeys.activity.notificationsOf(kinds),
    queryFn: ({ signal }) => listNotifications(kinds, NOTIFICATION_LIMIT, signal),
    refetchInterval: POLL_MS,
    staleTime: 30_000,
  });
}
