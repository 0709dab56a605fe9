import {
  type ActivityEntry,
  activityListResponseSchema,
  activityQuerySchema,
  markReadBodySchema,
  type Notification,
  type NotificationKind,
  notificationListResponseSchema,
  notificationQuerySchema,
  okEnvelopeSchema,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import type { activityLog, notifications } from "../../db/schema/index.ts";
import { listReply, pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { listActivity } from "./activity.repository.ts";
import { listNotifications, markNotificationsRead } from "./notifications.repository.ts";

const toEntry = (r: typeof activityLog.$inferSelect): ActivityEntry => ({
  _id: String(r.id),
  id: String(r.id),
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  details: r.details ?? null,
  time_created: r.createdAt.toISOString(),
});

const toNotification = (r: typeof notifications.$inferSelect): Notification => ({
  _id: r.id,
  id: r.id,
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  entityType: r.entityType,
  entityId: r.entityId,
  read: r.readAt !== null,
  time_created: r.createdAt.toISOString(),
});

/** Activity log, the Feed (the same entries, newest first) and the top bar's notifications. */
export async function activityRoutes(app: App, { db }: { db: Db }) {
  const tags = ["activity"];

  app.get(
    "/activity",
    {
      schema: {
        tags,
        summary:
          "Activity log: every admin write and the public events (who, what, which record, when); filterable",
        querystring: activityQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listActivity(db, request.query);
      const { page, limit } = request.query;
      return listReply("Activity", rows.map(toEntry), pageMeta(page, limit, total));
    },
  );

  app.get(
    "/notifications",
    {
      schema: {
        tags,
        summary:
          "Back-office alerts, newest first, optionally of some kinds only (kind=purchase,host_request), with unread counts in all and per kind",
        querystring: notificationQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => {
      const { rows, unread, unreadByKind } = await listNotifications(db, {
        limit: request.query.limit,
        kinds: request.query.kind,
      });
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
      schema: {
        tags,
        summary: "Mark alerts read: these ids, or every one of these kinds (all when neither is given)",
        body: markReadBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await markNotificationsRead(db, request.body);
      return { status: true as const, message: "Marked as read" };
    },
  );
}
