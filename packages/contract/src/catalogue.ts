import { z } from "./zod.ts";
import { changeBody, entityIdFields, idSchema, mediaUrlSchema, text, wholeNumber } from "./common.ts";
import { loudnessSchema, transcriptInputSchema, transcriptSchema } from "./content-facts.ts";
import { envelope } from "./envelope.ts";
import {
  bulkResultSchema,
  bulkTarget,
  countMetaSchema,
  listEnvelope,
  oneBulkTarget,
  pageQuerySchema,
  sortQuery,
  sortSpec,
} from "./pagination.ts";
import { MESSAGE_MAX, moodSchema } from "./users.ts";

export const idParamsSchema = z.object({ id: idSchema });
export const idBodySchema = z.object({ id: idSchema });

// ---- Interests ----

export const interestSchema = z.object({
  ...entityIdFields,
  name: z.string(),
  icon: z.string().nullable(),
  position: z.number().int(),
  /** How many contents are in this interest. */
  resourceCount: z.number().int(),
});
export type Interest = z.infer<typeof interestSchema>;

export const interestNameSchema = text()
  .min(1, { error: "Name is required" })
  .max(60, { error: "Name must be at most 60 characters" });
/** Typed into a field: a number or a digit string. */
export const positionSchema = wholeNumber("Position").pipe(
  z
    .number()
    .min(1, { error: "Position must be 1 or more" })
    .max(10_000, { error: "Position must be at most 10000" }),
);

export const createInterestBodySchema = z.object({
  name: interestNameSchema,
  icon: mediaUrlSchema,
  position: positionSchema,
});
export type CreateInterestBody = z.infer<typeof createInterestBodySchema>;

export const updateInterestBodySchema = changeBody({
  name: interestNameSchema.optional(),
  icon: mediaUrlSchema.optional(),
  position: positionSchema.optional(),
});
export type UpdateInterestBody = z.infer<typeof updateInterestBodySchema>;

export const interestListResponseSchema = listEnvelope(interestSchema, countMetaSchema);
export const interestResponseSchema = envelope(interestSchema);
export const interestDeleteResponseSchema = envelope(
  z.object({ id: z.string(), uncategorisedResources: z.number().int() }),
);

// ---- Resources ----

/** "12:30", "1:02:03" or "95" (seconds) as seconds; null when empty. */
export function durationToSeconds(text: string | undefined): number | null {
  if (!text) return null;
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/** Seconds as "m:ss" (or "h:mm:ss" from an hour), the way the Duration field shows them. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

export const paymentTypes = ["paid", "free"] as const;
export const paymentTypeSchema = z.enum(paymentTypes, { error: "must be paid or free" });
/**
 * `paymentType` as the spec's client sends it: `paid`, or anything else (`""`, `free`, `unpaid`,
 * null) meaning free. The value is always `paid` or `free`.
 */
export const paymentTypeInputSchema = text()
  .nullable()
  .transform((v): PaymentType => (v?.toLowerCase() === "paid" ? "paid" : "free"));
export type PaymentType = z.infer<typeof paymentTypeSchema>;
/** Where a content stands: a host's upload waits (pending) until the back office publishes or declines it. */
export const reviewStates = ["pending", "published", "declined"] as const;
export type ReviewState = (typeof reviewStates)[number];

export const resourceSchema = z.object({
  ...entityIdFields,
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  userID: z.string().nullable(),
  /** The uploader's e-mail; null once that user is deleted. */
  userEmail: z.string().nullable(),
  duration: z.string(),
  durationSeconds: z.number().int().nullable(),
  loudness: loudnessSchema,
  hasTranscript: z.boolean(),
  /** The transcript itself: in the answer about one content (not in lists). */
  transcript: transcriptSchema.nullable().optional(),
  moodType: moodSchema,
  interestID: z.string().nullable(),
  interestName: z.string().nullable(),
  resourceUrl: z.string().nullable(),
  paymentType: z.enum(paymentTypes),
  reviewState: z.enum(reviewStates),
  time_created: z.string(),
  no_plays: z.number().int(),
});
export type Resource = z.infer<typeof resourceSchema>;

const resourceFields = {
  title: text()
    .min(1, { error: "Title is required" })
    .max(200, { error: "Title must be at most 200 characters" }),
  description: text().max(5000, { error: "Description must be at most 5000 characters" }).default(""),
  userID: idSchema,
  duration: text()
    .max(20)
    .regex(/^$|^(\d{1,2}:)?\d{1,3}:\d{2}$|^\d+$/, { error: "Duration must look like 12:30 or 1:02:03" })
    .default(""),
  moodType: moodSchema,
  interestID: idSchema.nullable().optional(),
  paymentType: paymentTypeInputSchema.default("free"),
  transcript: transcriptInputSchema,
};

export const createResourceBodySchema = z.object({
  ...resourceFields,
  image: mediaUrlSchema,
  resourceUrl: mediaUrlSchema,
});
export type CreateResourceBody = z.input<typeof createResourceBodySchema>;
export type CreateResourceInput = z.output<typeof createResourceBodySchema>;

export const updateResourceBodySchema = z.object({
  ...resourceFields,
  description: resourceFields.description.optional(),
  duration: resourceFields.duration.optional(),
  paymentType: paymentTypeInputSchema.optional(),
  image: mediaUrlSchema.optional(),
  resourceUrl: mediaUrlSchema.optional(),
});
export type UpdateResourceBody = z.input<typeof updateResourceBodySchema>;
export type UpdateResourceInput = z.output<typeof updateResourceBodySchema>;

/** The contents list's columns to sort by; `newest` and `oldest` are the orders of links from before. */
export const resourceSorts = sortSpec({
  fields: { created: "desc", title: "asc", plays: "desc", duration: "asc", mood: "asc", payment: "asc" },
  aliases: {
    newest: { field: "created", direction: "desc" },
    oldest: { field: "created", direction: "asc" },
  },
  default: "newest",
});
export type ResourceSortField = keyof typeof resourceSorts.fields;

/** The contents list's filters: title search, mood, interest, paid or free, review state and uploader. */
export const resourceFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  mood: moodSchema.optional(),
  interest: idSchema.optional(),
  paymentType: paymentTypeSchema.optional(),
  /** The review queue: `pending` lists hosts' uploads waiting for a decision. */
  reviewState: z
    .enum(reviewStates, { error: "reviewState must be pending, published or declined" })
    .optional(),
  /** The user who uploaded it (its `userID`). */
  uploader: idSchema.optional(),
});
export type ResourceFilter = z.infer<typeof resourceFilterSchema>;

export const resourceListQuerySchema = pageQuerySchema.extend({
  ...resourceFilterSchema.shape,
  ...sortQuery(resourceSorts),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

export const resourceListResponseSchema = listEnvelope(resourceSchema);

/** The words the back office sends the uploader with its decision (its app inbox and an e-mail). */
const reviewFeedback = text({ error: "Write feedback for the uploader" }).max(MESSAGE_MAX, {
  error: `Feedback can be at most ${MESSAGE_MAX} characters`,
});
/** Approve: a note to the uploader is optional (POST without a body approves, as the spec's menu does). */
export const approveResourceBodySchema = z.object({ feedback: reviewFeedback.optional() }).nullish();
export type ApproveResourceBody = z.input<typeof approveResourceBodySchema>;
/** Decline: the uploader is told why, so feedback is required. */
export const declineResourceBodySchema = z.object({
  feedback: reviewFeedback.min(1, { error: "Write feedback for the uploader" }),
});
export type DeclineResourceBody = z.input<typeof declineResourceBodySchema>;

export const resourceBulkActions = ["delete", "publish", "decline"] as const;

/** One action for many contents: the ones picked (`ids`) or all matching the list's filter; decline needs feedback. */
export const resourceBulkBodySchema = z
  .discriminatedUnion(
    "action",
    [
      z.object({ action: z.literal("delete"), ...bulkTarget(resourceFilterSchema) }),
      z.object({
        action: z.literal("publish"),
        ...bulkTarget(resourceFilterSchema),
        feedback: reviewFeedback.optional(),
      }),
      z.object({
        action: z.literal("decline"),
        ...bulkTarget(resourceFilterSchema),
        feedback: declineResourceBodySchema.shape.feedback,
      }),
    ],
    { error: `action must be one of ${resourceBulkActions.join(", ")}` },
  )
  .refine(...oneBulkTarget);
export type ResourceBulkBody = z.input<typeof resourceBulkBodySchema>;
export type ResourceBulkInput = z.output<typeof resourceBulkBodySchema>;
export const resourceBulkResponseSchema = bulkResultSchema;
export const resourceResponseSchema = envelope(resourceSchema);
export const topResourcesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const topResourcesResponseSchema = listEnvelope(resourceSchema, countMetaSchema);
