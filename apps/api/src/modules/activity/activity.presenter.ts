import type { ActivityEntry, Notification, NotificationKind } from "@serene/contract";
import type { activityLog, notifications } from "../../db/schema/index.ts";

export const toActivityEntry = (r: typeof activityLog.$inferSelect): ActivityEntry => ({
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

export const toNotification = (r: typeof notifications.$inferSelect): Notification => ({
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
