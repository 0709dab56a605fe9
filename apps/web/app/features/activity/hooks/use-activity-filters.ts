import { type ActivityFilter, activityQuerySchema, daySchema, emailSchema } from "@serene/contract";
import { useListQuery } from "../../../lib/use-list-query";

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
