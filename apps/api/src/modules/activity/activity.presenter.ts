import type { ActivityAction, ActivityEntry, Notification, NotificationKind } from "@serene/contract";
import { csvLine } from "../../lib/csv.ts";
import type { activityLog, notifications } from "../../db/schema/index.ts";

export const toActivityEntry = (r: typeof activityLog.$inferSelect): ActivityEntry => ({
  _id: String(r.id),
  id: String(r.id),
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action as ActivityAction,
  entityType: r.entityType,
  entityId: r.entityId,
  details: r.details ?? null,
  ip: r.ip,
  before: r.before ?? null,
  after: r.after ?? null,
  time_created: r.createdAt.toISOString(),
});

/** The columns of the log's CSV export. */
export const activityCsvHeader = csvLine([
  "time",
  "actor_email",
  "actor_id",
  "action",
  "record_type",
  "record_id",
  "ip",
  "details",
  "before",
  "after",
]);

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null);

/** One entry as a line of the CSV export (details, before and after as JSON). */
export const toActivityCsv = (r: typeof activityLog.$inferSelect) =>
  csvLine([
    r.createdAt.toISOString(),
    r.actorEmail,
    r.actorId,
    r.action,
    r.entityType,
    r.entityId,
    r.ip,
    json(r.details),
    json(r.before),
    json(r.after),
  ]);

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
