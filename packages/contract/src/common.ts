import { z } from "zod";

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
