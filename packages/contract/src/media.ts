import { z } from "./zod.ts";
import { loudnessSchema } from "./content-facts.ts";
import { envelope } from "./envelope.ts";

/** `POST /user/upload`'s query: the kind the file must be. */
export const uploadQuerySchema = z.object({
  kind: z
    .enum(["image", "audio"])
    .optional()
    .describe(
      "The kind the file must be (415 otherwise); default: the kind the file part declares, else image",
    ),
});

export const uploadResponseSchema = envelope(
  z.object({
    /** The stored file's URL (the name the spec's client reads). */
    secure_url: z.string(),
    key: z.string(),
    kind: z.enum(["image", "audio"]),
    contentType: z.string(),
    bytes: z.number().int(),
    /** Seconds, measured from the file's frames, for audio (to the hundredth). */
    duration: z.number().nullable(),
    /** Audio: the whole seconds a content with this file shows. */
    durationSeconds: z.number().int().nullable(),
    /** Audio: its measured loudness (null for silence and images). */
    loudness: loudnessSchema,
  }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
