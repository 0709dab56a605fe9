import { z } from "./zod.ts";
import { entityIdFields, mediaUrlSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import { listEnvelope, pageQuerySchema, sortQuery, sortSpec } from "./pagination.ts";
import { userSchema } from "./users.ts";

export const hostRequestStates = ["pending", "approved", "declined"] as const;

export const hostRequestSchema = z.object({
  ...entityIdFields,
  userID: z.string(),
  username: z.string(),
  email: z.string(),
  lastName: z.string().nullable(),
  image: z.string().nullable(),
  reason: z.string(),
  state: z.enum(hostRequestStates),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was declined, written by the admin for the user (null when none was given). */
  decisionReason: z.string().nullable(),
  time_created: z.string(),
});
export type HostRequest = z.infer<typeof hostRequestSchema>;

/** The host requests list's filter: the state (pending unless said). */
export const hostRequestFilterSchema = z.object({ state: z.enum(hostRequestStates).default("pending") });
export type HostRequestFilter = z.infer<typeof hostRequestFilterSchema>;

/** The host requests list's columns to sort by (newest first unless told). */
export const hostRequestSorts = sortSpec({
  fields: { created: "desc", name: "asc", email: "asc" },
  default: "created",
});
export type HostRequestSortField = keyof typeof hostRequestSorts.fields;

export const hostRequestListQuerySchema = pageQuerySchema.extend({
  ...hostRequestFilterSchema.shape,
  ...sortQuery(hostRequestSorts),
});
export type HostRequestListQuery = z.infer<typeof hostRequestListQuerySchema>;
export const hostRequestListResponseSchema = listEnvelope(hostRequestSchema);
export const hostRequestResponseSchema = envelope(hostRequestSchema);
export const hostListResponseSchema = listEnvelope(userSchema.extend({ userID: z.string() }));

/** An app user asks to become a host. */
export const createHostRequestBodySchema = z.object({
  reason: text()
    .min(10, { error: "Tell us a little more (10 characters or more)" })
    .max(2000, { error: "The reason can be at most 2000 characters" }),
  lastName: text().max(60).optional(),
  image: mediaUrlSchema.optional(),
});
export type CreateHostRequestBody = z.input<typeof createHostRequestBodySchema>;

/** The signed-in user's latest host request (null when they never asked). */
export const ownHostRequestResponseSchema = envelope(hostRequestSchema.nullable());

/** An admin's decision on a host request: a decline may say why (the user reads it). */
export const decideHostRequestBodySchema = z
  .object({
    reason: text().max(1000, { error: "The reason can be at most 1000 characters" }).optional(),
  })
  .nullish();
