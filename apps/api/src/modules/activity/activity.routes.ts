import { activityEndpoints } from "@serene/contract";
import { listWithExport, route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { activityCsv, toActivityEntry, toNotification } from "./activity.presenter.ts";
import type { ActivityService } from "./activity.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** Activity log, the Feed (the same entries, newest first) and the top bar's notifications. */
export async function activityRoutes(app: App, { activity }: { activity: ActivityService }) {
  listWithExport(
    app,
    activityEndpoints,
    { message: "Activity", rows: activity.list, present: (row) => toActivityEntry(row) },
    { name: "activity", columns: activityCsv, rows: activity.exportRows },
  );

  route(app, activityEndpoints.notifications, async (request) => {
    const { rows, unread, unreadByKind } = await activity.notifications(request.auth.role, request.query);
    return listReply("Notifications", rows.map(toNotification), {
      total: rows.length,
      unread,
      unreadByKind,
    });
  });

  route(app, activityEndpoints.markNotificationsRead, async (request) => {
    await activity.markRead(request.auth.role, request.body);
    return ok("Marked as read");
  });
}
