import {
  type ActivityFilter,
  type ActivityQuery,
  editorNotificationKinds,
  type MarkReadBody,
  type NotificationKind,
  type NotificationQuery,
  type UserRole,
} from "@serene/contract";
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

    notifications: (role: UserRole, query: NotificationQuery) =>
      listNotifications(db, { limit: query.limit, kinds: visibleKinds(role, query.kind) }),
    markRead: (role: UserRole, body: MarkReadBody) =>
      markNotificationsRead(db, { ids: body.ids, kinds: visibleKinds(role, body.kinds) }),
  };
}

/** The alert kinds a request may see: those asked (all when none), an editor's only among theirs. */
function visibleKinds(role: UserRole, asked: NotificationKind[] | undefined) {
  if (role !== "editor") return asked;
  return (asked ?? editorNotificationKinds).filter((kind) => editorNotificationKinds.includes(kind));
}

export type ActivityService = ReturnType<typeof createActivityService>;
