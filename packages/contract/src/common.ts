import { z } from "./zod.ts";

/** Field schemas shared by every feature: written once here, never restated. */

/** No NUL character: PostgreSQL text cannot hold one, and no form has a reason to send it. */
const NO_NUL = /^[^\0]*$/;
const NUL_MESSAGE = "must not contain a NUL character";

type StringParams = Parameters<typeof z.string>[0];

/**
 * The one rule for every string a request carries (body, query, params): trimmed, no NUL.
 * Build each field from it (`text().min(1).max(60)`), never from a bare `z.string()`.
 */
export const text = (params?: StringParams) => z.string(params).trim().regex(NO_NUL, { error: NUL_MESSAGE });

/** A string taken exactly as typed (passwords): not trimmed, still no NUL. */
export const untrimmedText = (params?: StringParams) =>
  z.string(params).regex(NO_NUL, { error: NUL_MESSAGE });

/** The body of a change: every field optional, but at least one must be sent. */
export const changeBody = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: "Send at least one field to change",
  });

export const idSchema = z.uuid({ error: "must be a valid id" });

/**
 * A calendar day, YYYY-MM-DD (a date filter kept in a page's URL, a report's range). The year
 * 0000 does not exist (PostgreSQL refuses it), so days start at 0001-01-01.
 */
export const daySchema = z.iso
  .date({ error: "must be a day such as 2026-10-31" })
  .refine((day) => !day.startsWith("0000"), { error: "must be a day such as 2026-10-31" });

/** An instant with its offset (a time filter), in the years PostgreSQL stores (from 0001 UTC). */
export const instantSchema = z.iso
  .datetime({ offset: true, error: "must be an ISO date-time" })
  .refine((instant) => new Date(instant).getUTCFullYear() >= 1, { error: "must be an ISO date-time" });

/**
 * The identity of every entity in an answer: the spec's `_id`, and `id` with the same value
 * (the spec's client edits a user with `PUT /user/setting/${user.id}`).
 */
export const entityIdFields = { _id: z.string(), id: z.string() };

export const emailSchema = text()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const passwordSchema = untrimmedText()
  .min(8, { error: "Password must be at least 8 characters" })
  .max(200, { error: "Password must be at most 200 characters" });

/** A media URL answered by POST /upload. */
export const mediaUrlSchema = text().min(1, { error: "is required" }).max(2000);

/**
 * A whole number sent as a number or as a digit string (forms and URLs send strings, the
 * spec's client sometimes numbers); the value is a number.
 */
export const wholeNumber = (field: string) =>
  z
    .union(
      [
        z.number({ error: `${field} must be a whole number` }),
        text()
          .regex(/^\d{1,9}$/, { error: `${field} must be a whole number` })
          .transform(Number),
      ],
      { error: `${field} must be a whole number` },
    )
    .pipe(z.number().int({ error: `${field} must be a whole number` }));
