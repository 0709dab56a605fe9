import { z } from "./zod.ts";
import { idSchema, text } from "./common.ts";
import { DEFAULT_GRACE_DAYS, MAX_ELIGIBILITY_ROWS, MAX_GRACE_DAYS } from "./business.ts";
import { envelope } from "./envelope.ts";
import { countMetaSchema, listEnvelope } from "./pagination.ts";

// Eligibility sync (BUSINESS-API.md, the finished portal): the staff list keeps seats in step.

/** The multipart form's fields besides `file` (read into the body before validation). */
export const eligibilityBodySchema = z.object({
  /** The file's `email` column, each cell with its line number (the header is line 1). */
  rows: z.array(z.object({ line: z.number().int().positive(), email: text() })).max(MAX_ELIGIBILITY_ROWS, {
    error: `A staff list has at most ${MAX_ELIGIBILITY_ROWS.toLocaleString("en-US")} rows`,
  }),
  dryRun: z.enum(["true", "false"], { error: "dryRun must be true or false" }).default("true"),
  graceDays: z.coerce
    .number({ error: `graceDays must be a whole number from 0 to ${MAX_GRACE_DAYS}` })
    .int({ error: `graceDays must be a whole number from 0 to ${MAX_GRACE_DAYS}` })
    .min(0, { error: `graceDays must be a whole number from 0 to ${MAX_GRACE_DAYS}` })
    .max(MAX_GRACE_DAYS, { error: `graceDays must be a whole number from 0 to ${MAX_GRACE_DAYS}` })
    .default(DEFAULT_GRACE_DAYS),
});
export type EligibilityInput = z.infer<typeof eligibilityBodySchema>;

export const pendingRemovalSchema = z.object({
  email: z.string(),
  seatId: z.string(),
  /** The day (YYYY-MM-DD, UTC) the seat is freed unless the removal is cancelled. */
  freesOn: z.string(),
});
export type PendingRemoval = z.infer<typeof pendingRemovalSchema>;

export const eligibilityDiffSchema = z.object({
  /** New addresses that get a free seat (as many as there are free seats). */
  invite: z.array(z.object({ email: z.string() })),
  /** Listed addresses that hold a seat already. */
  keep: z.number().int(),
  /** Seats of addresses no longer listed: freed on `freesOn` unless cancelled. */
  remove: z.array(pendingRemovalSchema),
  /** Seats to buy for the new addresses beyond the free seats. */
  needSeats: z.number().int(),
  /** Rows left out for want of a valid address, by their line in the file (the header is line 1). */
  errors: z.array(z.object({ line: z.number().int(), email: z.string(), message: z.string() })),
  /** Whether this answer was applied (dryRun=false). */
  applied: z.boolean(),
});
export type EligibilityDiff = z.infer<typeof eligibilityDiffSchema>;
export const eligibilityResponseSchema = envelope(eligibilityDiffSchema);
export const removalListResponseSchema = listEnvelope(pendingRemovalSchema, countMetaSchema);
export const removalParamsSchema = z.object({ id: idSchema, seatId: idSchema });
