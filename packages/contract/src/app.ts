import { z } from "zod";
import { paymentTypeSchema } from "./catalogue.ts";
import { moodSchema } from "./users.ts";

// Placeholder until "App API, part 1" (branch app-api-1) is merged: its app.ts replaces this file.

export const appResourceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  duration: z.string(),
  durationSeconds: z.number().int().nullable(),
  moodType: moodSchema,
  interest: z.object({ _id: z.string(), name: z.string() }).nullable(),
  paymentType: paymentTypeSchema,
  /** Paid content and this listener has no current entitlement. */
  locked: z.boolean(),
  no_plays: z.number().int(),
  time_created: z.string(),
});
export type AppResource = z.infer<typeof appResourceSchema>;
