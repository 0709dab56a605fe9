import {
  activityFilterSchema,
  activityListResponseSchema,
  activityQuerySchema,
  markReadBodySchema,
  notificationListResponseSchema,
  notificationQuerySchema,
  okEnvelopeSchema,
} from "@serene/contract";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { activityCsv, toActivityEntry, toNotification } from "./activity.presenter.ts";
import type { ActivityService } from "./activity.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** Activity log, the Feed (the same entries, newest first) and the top bar's notifications. */
export async function activityRoutes(app: App, { activity }: { activity: ActivityService }) {
  const tags = ["activity"];

  app.get(
    "/activity",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Activity log: every admin write and the public events (who, what, which record, when); filterable, latest first unless sorted (time, action, record)",
        querystring: activityQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await activity.list(request.query);
      const { page, limit } = request.query;
      return listReply("Activity", rows.map(toActivityEntry), pageMeta(page, limit, total));
    },
  );

  app.get(
    "/activity/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The activity log as CSV (the same filters as the list, every matching entry, streamed); the export is recorded",
        querystring: activityFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      return sendCsv(reply, "activity", activityCsv, await activity.exportRows(request.auth, request.query));
    },
  );

  app.get(
    "/notifications",
    {
      // Editors too: their bell holds the review queue's alerts only.
      config: { access: "staff" },
      schema: {
        tags,
        summary:
          "Back-office alerts, newest first, optionally of some kinds only (kind=purchase,host_request), with unread counts in all and per kind",
        querystring: notificationQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => {
      const { rows, unread, unreadByKind } = await activity.notifications(request.auth.role, request.query);
      return listReply("Notifications", rows.map(toNotification), {
        total: rows.length,
        unread,
        unreadByKind,
      });
    },
  );

  app.post(
    "/notifications/read",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Mark alerts read: these ids, or every one of these kinds (all when neither is given)",
        body: markReadBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await activity.markRead(request.auth.role, request.body);
      return ok("Marked as read");
    },
  );
}
