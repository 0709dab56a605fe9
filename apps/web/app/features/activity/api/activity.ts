import {
  activityListResponseSchema,
  notificationListResponseSchema,
  okEnvelopeSchema,
} from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

export interface ActivityParams {
  page?: number;
  limit?: number;
  entityType?: string;
  action?: string;
  actor?: string;
}

/** GET /user/activity: the activity log, newest first, filterable by record type, action and actor. */
export function listActivity(params: ActivityParams, signal?: AbortSignal) {
  return apiRequest("/user/activity", { query: { ...params }, schema: activityListResponseSchema, signal });
}

/** GET /user/notifications: the back office's alerts, newest first, with how many are unread. */
export function listNotifications(limit: number, signal?: AbortSignal) {
  return apiRequest("/user/notifications", {
    query: { limit },
    schema: notificationListResponseSchema,
    signal,
  });
}

/** POST /user/notifications/read: marks these alerts read. */
export function markNotificationsRead(ids: string[]) {
  return apiRequest("/user/notifications/read", { method: "POST", body: { ids }, schema: okEnvelopeSchema });
}
