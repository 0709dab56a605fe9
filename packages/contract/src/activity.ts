import { z } from "./zod.ts";
import { entityIdFields, idSchema, instantSchema, text } from "./common.ts";
import { countMetaSchema, listEnvelope, pageQuerySchema, sortQuery, sortSpec } from "./pagination.ts";

/**
 * Every action the activity log can record: the server records only these, and the back office
 * names each one (its label map is keyed by this list, so a missing label fails the typecheck).
 */
export const activityActions = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.password_changed",
  "auth.password_reset",
  "auth.two_factor_on",
  "auth.two_factor_off",
  "auth.recovery_code_used",
  "staff.invite",
  "staff.remove",
  "staff.role",
  "settings.update",
  "user.signup",
  "user.register",
  "user.update",
  "user.delete",
  "user.trash",
  "user.restore",
  "user.purge",
  "user.make_host",
  "user.message",
  "user.profile",
  "resource.create",
  "resource.update",
  "resource.submit",
  "resource.resubmit",
  "resource.withdraw",
  "resource.approve",
  "resource.decline",
  "resource.feedback",
  "resource.delete",
  "resource.trash",
  "resource.restore",
  "resource.purge",
  "series.create",
  "series.update",
  "series.delete",
  "interest.create",
  "interest.update",
  "interest.delete",
  "host_request.create",
  "host_request.approve",
  "host_request.decline",
  "app_message.set",
  "app_message.delete",
  "app_version.publish",
  "app_config.set",
  "broadcast.send",
  "purchase.paid",
  "purchase.resend_codes",
  "business.grant_seats",
  "business.send_portal_link",
  "subscription_code.redeem",
  "support_message.create",
  "support_message.read",
  "support_message.reply",
  "support_message.assign",
  "support_message.close",
  "support_message.reopen",
  "deletion_request.create",
  "deletion_request.execute",
  "deletion_request.cancel",
  "activity.export",
  "user.export",
  "resource.export",
  "purchase.export",
  "business.export",
  "support_message.export",
  "deletion_request.export",
  "host_request.export",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** A record's fields as a write found or left them (secrets shown as "[redacted]"). */
const fieldValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const activityEntrySchema = z.object({
  ...entityIdFields,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.enum(activityActions),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address (behind a proxy, with TRUST_PROXY, the one it forwarded). */
  ip: z.string().nullable(),
  /** The fields the write changed, as they were (null for a creation). */
  before: fieldValuesSchema,
  /** The same fields as the write left them (null for a deletion). */
  after: fieldValuesSchema,
  time_created: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** The log's filters: actor, action, record type, target (a record's id) and a time span. */
export const activityFilterSchema = z.object({
  entityType: text().max(40).optional(),
  action: z.enum(activityActions, { error: "action must be one of the recorded actions" }).optional(),
  actor: idSchema.optional(),
  /** The record's id: every entry about one user, content, purchase... */
  entityId: text().max(100).optional(),
  /** From this instant on. */
  from: instantSchema.optional(),
  /** Before this instant. */
  to: instantSchema.optional(),
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/**
 * The log's columns to sort by: the time (latest first unless told), who did it (their e-mail as
 * recorded), the action, the record's type.
 */
export const activitySorts = sortSpec({
  fields: { time: "desc", who: "asc", action: "asc", record: "asc" },
  default: "time",
});
export type ActivitySortField = keyof typeof activitySorts.fields;

export const activityQuerySchema = pageQuerySchema.extend({
  ...activityFilterSchema.shape,
  ...sortQuery(activitySorts),
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
/** The alerts an editor sees and marks read (the review queue's); an admin sees every kind. */
export const editorNotificationKinds: readonly NotificationKind[] = ["content_submission"];

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
