import type { ActivityAction, ActivityEntry, Notification, NotificationKind } from "@serene/contract";
import type { CsvColumns } from "../../lib/csv.ts";
import type { activityLog, notifications } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

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
  time_created: iso(r.createdAt),
});

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null);

/** The columns of the log's CSV export (details, before and after as JSON). */
export const activityCsv: CsvColumns<typeof activityLog.$inferSelect> = [
  ["time", (r) => r.createdAt],
  ["actor_email", (r) => r.actorEmail],
  ["actor_id", (r) => r.actorId],
  ["action", (r) => r.action],
  ["record_type", (r) => r.entityType],
  ["record_id", (r) => r.entityId],
  ["ip", (r) => r.ip],
  ["details", (r) => json(r.details)],
  ["before", (r) => json(r.before)],
  ["after", (r) => json(r.after)],
];

export const toNotification = (r: typeof notifications.$inferSelect): Notification => ({
  _id: r.id,
  id: r.id,
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  entityType: r.entityType,
  entityId: r.entityId,
  read: r.readAt !== null,
  time_created: iso(r.createdAt),
});
