import { z } from "./zod.ts";

/** The spec's answer shape: `{ status, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

export const okEnvelopeSchema = z.object({ status: z.literal(true), message: z.string() });

/** `GET /api/health`: 200 only when the database answers. */
export const healthResponseSchema = envelope(
  z.object({ database: z.enum(["pglite", "postgres"]), uptimeSeconds: z.number() }),
);
