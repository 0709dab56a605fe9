import {
  type ActivityFilter,
  type ActivityQuery,
  activityQuerySchema,
  daySchema,
  emailSchema,
  type NotificationKind,
} from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { callEndpoint, callList, endpointUrl } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";

// The activity log, its feed and the top bar's alerts: every call, its key and its hook.

export type ActivityParams = Partial<ActivityQuery>;

export const activityKeys = {
  list: (params: object) => [...queryKeys.activity.all, "list", params] as const,
  feed: (params: object) => [...queryKeys.activity.all, "feed", params] as const,
  notificationsOf: (kinds: readonly string[]) => [...queryKeys.activity.notifications, kinds] as const,
};

/** The activity log, latest first unless sorted, filterable by actor, action, record and time. */
export function listActivity(params: ActivityParams, signal?: AbortSignal) {
  return callList(endpoints.activity.list, { query: params, signal });
}

/** The same filters' every entry as a CSV file (a link to download). */
export function activityExportHref(filter: ActivityFilter) {
  return endpointUrl(endpoints.activity.export, { query: filter });
}

/** The newest alerts of these kinds, with how many of them are unread. */
export function listNotifications(kinds: readonly NotificationKind[], limit: number, signal?: AbortSignal) {
  return callList(endpoints.activity.notifications, { query: { kind: kinds.join(","), limit }, signal });
}

/** Marks read these alerts, or every alert of these kinds. */
export function markNotificationsRead(which: { ids: string[] } | { kinds: NotificationKind[] }) {
  return callEndpoint(endpoints.activity.markNotificationsRead, { body: which });
}

/** One page of the activity log. */
export function useActivityList(params: ActivityParams) {
  return useQuery({
    queryKey: activityKeys.list(params),
    queryFn: ({ signal }) => listActivity(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The Feed: recent activity, a page at a time ("Show older"). */
export function useActivityFeed(params: Omit<ActivityParams, "page">) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(params),
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
    queryKey: activityKeys.notificationsOf(kinds),
    queryFn: ({ signal }) => listNotifications(kinds, NOTIFICATION_LIMIT, signal),
    refetchInterval: POLL_MS,
    staleTime: 30_000,
  });
}

/**
 * The Activity Log's request as its URL holds it: the time span as local days (from the first's
 * start to the end of the second); the actor's e-mail only labels the filter.
 */
const activityPageSchema = activityQuerySchema.extend({
  actorEmail: emailSchema.optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
});

export type ActivityFilters = ReturnType<typeof activityPageSchema.parse>;

/** The filters, order and page in the URL, and a setter; a new filter goes back to page 1. */
export function useActivityFilters() {
  return useListQuery(activityPageSchema);
}

/** The start of a local day (YYYY-MM-DD), `days` later, as an ISO instant. */
function startOfDay(date: string, days = 0): string {
  const [year, month, dayOfMonth] = date.split("-").map(Number);
  return new Date(year!, month! - 1, dayOfMonth! + days).toISOString();
}

/** What the server filters by: the days as instants in this browser's time zone. */
export function activityRequest({ actorEmail: _label, from, to, ...rest }: ActivityFilters) {
  return {
    ...rest,
    from: from ? startOfDay(from) : undefined,
    to: to ? startOfDay(to, 1) : undefined,
  };
}

/** The filters without paging and order, for the CSV export. */
export function activityExportFilter(filters: ActivityFilters): ActivityFilter {
  const {
    page: _page,
    limit: _limit,
    q: _q,
    sort: _sort,
    direction: _direction,
    ...filter
  } = activityRequest(filters);
  return filter;
}

/** Whether any filter is set. */
export const isFiltered = (f: ActivityFilters) =>
  Boolean(f.entityType || f.action || f.actor || f.entityId || f.from || f.to);

/** Every filter cleared. */
export const noFilters: Partial<ActivityFilters> = {
  entityType: undefined,
  action: undefined,
  actor: undefined,
  actorEmail: undefined,
  entityId: undefined,
  from: undefined,
  to: undefined,
};
