import { endpoint } from "../endpoint.ts";

const tags = ["activity"];

export const activityEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/activity",
    access: "admin",
    tags,
    summary:
      "Activity log: every admin write and the public events (who, what, which record, when); filterable, latest first unless sorted (time, action, record)",
    query: "activityQuerySchema",
    response: { 200: "activityListResponseSchema" },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v1/user/activity/export",
    access: "admin",
    tags,
    summary:
      "The activity log as CSV (the same filters as the list, every matching entry, streamed); the export is recorded",
    query: "activityFilterSchema",
    produces: ["text/csv"],
  }),
  notifications: endpoint({
    method: "GET",
    path: "/api/v1/user/notifications",
    access: "staff",
    tags,
    summary:
      "Back-office alerts, newest first, optionally of some kinds only (kind=purchase,host_request), with unread counts in all and per kind",
    query: "notificationQuerySchema",
    response: { 200: "notificationListResponseSchema" },
  }),
  markNotificationsRead: endpoint({
    method: "POST",
    path: "/api/v1/user/notifications/read",
    access: "staff",
    tags,
    summary: "Mark alerts read: these ids, or every one of these kinds (all when neither is given)",
    body: "markReadBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
};
