import { z } from "./zod.ts";
import { emailSchema, entityIdFields, idSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import {
  bulkResultSchema,
  bulkTarget,
  listEnvelope,
  oneBulkTarget,
  pageMetaSchema,
  pageQuerySchema,
  sortQuery,
  sortSpec,
} from "./pagination.ts";

/** Days after a deletion request that the account is deleted, unless the user is active again. */
export const ACCOUNT_DELETION_DAYS = 90;

const oneLine = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !/[\r\n]/.test(v), { error: `${label} must be on one line` });

const emailField = text({ error: "Email address is required" })
  .min(1, { error: "Email address is required" })
  .max(254, { error: "Email address is too long" })
  .pipe(emailSchema);

// ---- Support (the /support contact form) ----

export const supportBodySchema = z.object({
  fullName: oneLine("Full name", 100),
  email: emailField,
  subject: oneLine("Subject", 200),
  message: text({ error: "Message is required" })
    .min(10, { error: "Message must be at least 10 characters" })
    .max(5000, { error: "Message must be at most 5000 characters" }),
});
export type SupportBody = z.input<typeof supportBodySchema>;
export type SupportInput = z.output<typeof supportBodySchema>;

export const supportResponseSchema = envelope(z.object({ id: z.string() }));

export const supportMessageSchema = z.object({
  ...entityIdFields,
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** open until an admin closes it (a reply from the back office leaves it open). */
  status: z.enum(["open", "closed"]),
  /** The admin handling it. */
  assignedTo: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** When the back office last replied (e-mailed the sender); null before any reply. */
  repliedAt: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A reply the back office e-mailed to the sender. */
export const supportReplySchema = z.object({
  ...entityIdFields,
  authorEmail: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** One message with its assignee and its thread (the replies, oldest first). */
export const supportMessageDetailSchema = supportMessageSchema.extend({
  assignee: z.object({ id: z.string(), email: z.string(), username: z.string() }).nullable(),
  replies: z.array(supportReplySchema),
});
export type SupportMessageDetail = z.infer<typeof supportMessageDetailSchema>;
export const supportMessageDetailResponseSchema = envelope(supportMessageDetailSchema);

export const supportReplyBodySchema = z.object({
  message: text({ error: "Write a reply" })
    .min(1, { error: "Write a reply" })
    .max(5000, { error: "A reply must be at most 5000 characters" }),
});
export type SupportReplyBody = z.input<typeof supportReplyBodySchema>;
export type SupportReplyInput = z.output<typeof supportReplyBodySchema>;

/** Who handles a message: an admin's id, or null for nobody. */
export const supportAssignBodySchema = z.object({
  assignee: idSchema.nullable(),
});
export type SupportAssignBody = z.input<typeof supportAssignBodySchema>;

/** The support inbox's filters: a search, and read/unread or open/closed. */
export const supportMessageFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  state: z
    .enum(["unread", "read", "open", "closed"], { error: "state must be unread, read, open or closed" })
    .optional(),
});
export type SupportMessageFilter = z.infer<typeof supportMessageFilterSchema>;

/** The support inbox's columns to sort by (`read`: unread first ascending). */
export const supportMessageSorts = sortSpec({
  fields: { created: "desc", name: "asc", read: "asc" },
  default: "created",
});

export const supportMessageListQuerySchema = pageQuerySchema.extend({
  ...supportMessageFilterSchema.shape,
  ...sortQuery(supportMessageSorts),
});
export type SupportMessageListQuery = z.infer<typeof supportMessageListQuerySchema>;

/** Mark read the messages picked (`ids`), or all matching the inbox's filter. */
export const supportMessageBulkBodySchema = z
  .object({
    action: z.literal("mark_read", { error: "action must be mark_read" }),
    ...bulkTarget(supportMessageFilterSchema),
  })
  .refine(...oneBulkTarget);
export type SupportMessageBulkBody = z.input<typeof supportMessageBulkBodySchema>;
export type SupportMessageBulkInput = z.output<typeof supportMessageBulkBodySchema>;
export const supportMessageBulkResponseSchema = bulkResultSchema;
export const supportMessageListResponseSchema = listEnvelope(
  supportMessageSchema,
  pageMetaSchema.extend({ unread: z.number().int() }),
);
export const supportMessageResponseSchema = envelope(supportMessageSchema);

// ---- Account deletion (the /delete-account form) ----

export const deleteAccountBodySchema = z.object({
  email: emailField,
  reason: text().max(2000, { error: "Reason must be at most 2000 characters" }).optional().default(""),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountBodySchema>;

export const deletionStates = ["pending", "executed", "cancelled"] as const;
export const deletionStateSchema = z.enum(deletionStates);
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const deletionRequestSchema = z.object({
  ...entityIdFields,
  email: z.string(),
  reason: z.string(),
  /** The account the e-mail belonged to when the request came in; null when there was none, or once deleted. */
  userID: z.string().nullable(),
  username: z.string().nullable(),
  state: deletionStateSchema,
  createdAt: z.string(),
  /** When the account is deleted if the user stays inactive. */
  dueAt: z.string(),
  userLastActiveAt: z.string().nullable(),
  /** The user used the app after asking: the sweep cancels the request instead of deleting. */
  activeSinceRequest: z.boolean(),
  executedAt: z.string().nullable(),
  /** E-mail of the admin who executed or cancelled it; null for the automatic sweep. */
  executedByEmail: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** The deletion requests list's filters: a search (e-mail) and the state. */
export const deletionRequestFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  state: deletionStateSchema.optional(),
});
export type DeletionRequestFilter = z.infer<typeof deletionRequestFilterSchema>;

/** The deletion requests list's columns to sort by. */
export const deletionRequestSorts = sortSpec({
  fields: { created: "desc", email: "asc", state: "asc" },
  default: "created",
});

export const deletionRequestListQuerySchema = pageQuerySchema.extend({
  ...deletionRequestFilterSchema.shape,
  ...sortQuery(deletionRequestSorts),
});
export type DeletionRequestListQuery = z.infer<typeof deletionRequestListQuerySchema>;
export const deletionRequestListResponseSchema = listEnvelope(deletionRequestSchema);
export const deletionRequestResponseSchema = envelope(deletionRequestSchema);
