import type { ActivityFilter, ActivityQuery, MarkReadBody, NotificationQuery } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, eachActivity, listActivity, recordActivity } from "./activity.repository.ts";
import { listNotifications, markNotificationsRead } from "./notifications.repository.ts";

/** The Activity Log and Feed, and the back office's alerts. */
export function createActivityService(db: Db) {
  return {
    list: (query: ActivityQuery) => listActivity(db, query),

    /**
     * The entries a filter matches, a batch at a time as the client reads (the CSV export); the
     * export itself is recorded first (who exported what).
     */
    async exportRows(actor: Actor, filter: ActivityFilter) {
      await recordActivity(db, actor, "activity.export", "activity", null, { filter });
      return eachActivity(db, filter);
    },

    notifications: (query: NotificationQuery) =>
      listNotifications(db, { limit: query.limit, kinds: query.kind }),
    markRead: (body: MarkReadBody) => markNotificationsRead(db, body),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
