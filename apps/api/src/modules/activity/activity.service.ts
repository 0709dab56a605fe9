import type { ActivityQuery, MarkReadBody, NotificationQuery } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { listActivity } from "./activity.repository.ts";
import { listNotifications, markNotificationsRead } from "./notifications.repository.ts";

/** The Activity Log and Feed, and the back office's alerts. */
export function createActivityService(db: Db) {
  return {
    list: (query: ActivityQuery) => listActivity(db, query),
    notifications: (query: NotificationQuery) =>
      listNotifications(db, { limit: query.limit, kinds: query.kind }),
    markRead: (body: MarkReadBody) => markNotificationsRead(db, body),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
