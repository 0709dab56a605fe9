import { z } from "zod";
import { envelope } from "./envelope.ts";
import { pagedData, pageQuerySchema } from "./pagination.ts";

export const activityEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  time_created: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuerySchema = pageQuerySchema.extend({
  entityType: z.string().trim().max(40).optional(),
  action: z.string().trim().max(60).optional(),
  actor: z.uuid().optional(),
});
export const activityListResponseSchema = envelope(pagedData(activityEntrySchema));

export const notificationKinds = ["host_request", "support_message", "purchase", "deletion_request"] as const;
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  read: z.boolean(),
  time_created: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = envelope(
  z.object({ data: z.array(notificationSchema), unread: z.number().int() }),
);
export const markReadBodySchema = z.object({
  /** Ids to mark read; without it, every notification. */
  ids: z.array(z.uuid()).max(200).optional(),
});
