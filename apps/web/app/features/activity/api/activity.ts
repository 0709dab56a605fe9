import {
  type ActivityFilter,
  activityListResponseSchema,
  type ActivityQuery,
  type NotificationKind,
  notificationListResponseSchema,
  okEnvelopeSchema,
} from "@serene/contract";
import { apiHref, apiList, apiRequest } from "../../../lib/api-client";

export type ActivityParams = Partial<ActivityQuery>;

/** GET /user/activity: the activity log, latest first unless sorted, filterable by actor, action, record and time. */
export function listActivity(params: ActivityParams, signal?: AbortSignal) {
  return apiList("/user/activity", { query: { ...params }, schema: activityListResponseSchema, signal });
}

/** GET /user/activity/export: the same filters' every entry as a CSV file (a link to download). */
export function activityExportHref(filter: ActivityFilter) {
  return apiHref("/user/activity/export", { ...filter });
}

/** GET /user/notifications: the newest alerts of these kinds, with how many of them are unread. */
export function listNotifications(kinds: readonly NotificationKind[], limit: number, signal?: AbortSignal) {
  return apiList("/user/notifications", {
    query: { kind: kinds.join(","), limit },
    schema: notificationListResponseSchema,
    signal,
  });
}

/** POST /user/notifications/read: marks read these alerts, or every alert of these kinds. */
export function markNotificationsRead(which: { ids: string[] } | { kinds: NotificationKind[] }) {
  return apiRequest("/user/notifications/read", { method: "POST", body: which, schema: okEnvelopeSchema });
}
