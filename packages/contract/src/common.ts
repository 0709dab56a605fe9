import { z } from "zod";

/** Field schemas shared by every feature: written once here, never restated. */

export const idSchema = z.uuid({ error: "must be a valid id" });

/**
 * The identity of every entity in an answer: the spec's `_id`, and `id` with the same value
 * (the spec's client edits a user with `PUT /user/setting/${user.id}`).
 */
export const entityIdFields = { _id: z.string(), id: z.string() };

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const passwordSchema = z
  .string()
  .min(8, { error: "Password must be at least 8 characters" })
  .max(200, { error: "Password must be at most 200 characters" });

/** A media URL answered by POST /upload. */
export const mediaUrlSchema = z.string().trim().min(1, { error: "is required" }).max(2000);

/**
 * A whole number sent as a number or as a digit string (forms and URLs send strings, the
 * spec's client sometimes numbers); the value is a number.
 */
export const wholeNumber = (field: string) =>
  z
    .union(
      [
        z.number({ error: `${field} must be a whole number` }),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, { error: `${field} must be a whole number` })
          .transform(Number),
      ],
      { error: `${field} must be a whole number` },
    )
    .pipe(z.number().int({ error: `${field} must be a whole number` }));
