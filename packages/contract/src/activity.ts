import { z } from "zod";
import { entityIdFields, idSchema, text } from "./common.ts";
import { countMetaSchema, listEnvelope, pageQuerySchema } from "./pagination.ts";

export const activityEntrySchema = z.object({
  ...entityIdFields,
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
  entityType: text().max(40).optional(),
  action: text().max(60).optional(),
  actor: idSchema.optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export const activityListResponseSchema = listEnvelope(activityEntrySchema);

export const notificationKinds = [
  "host_request",
  "support_message",
  "purchase",
  "deletion_request",
  /** A host sent content for review (or sent a declined one again). */
  "content_submission",
] as const;
export const notificationSchema = z.object({
  ...entityIdFields,
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  read: z.boolean(),
  time_created: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export type NotificationKind = (typeof notificationKinds)[number];

/** Which kinds a request is about: `kind=purchase,host_request`; none named means every kind. */
const kindListSchema = text()
  .regex(new RegExp(`^(${notificationKinds.join("|")})(,(${notificationKinds.join("|")}))*$`), {
    error: `kind must be a comma-separated list of ${notificationKinds.join(", ")}`,
  })
  .transform((list) => [...new Set(list.split(","))] as NotificationKind[]);

export const notificationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  kind: kindListSchema.optional(),
});

export type NotificationQuery = z.infer<typeof notificationQuerySchema>;
export const notificationListResponseSchema = listEnvelope(
  notificationSchema,
  countMetaSchema.extend({
    /** Unread alerts of the asked kinds (all of them, not only those listed). */
    unread: z.number().int(),
    /** The same, per kind (kinds with none are 0). */
    unreadByKind: z.record(z.enum(notificationKinds), z.number().int()),
  }),
);
export const markReadBodySchema = z.object({
  /** Ids to mark read; without ids or kinds, every notification. */
  ids: z.array(idSchema).max(200).optional(),
  /** Every unread alert of these kinds. */
  kinds: z.array(z.enum(notificationKinds)).min(1).max(notificationKinds.length).optional(),
});
export type MarkReadBody = z.infer<typeof markReadBodySchema>;
