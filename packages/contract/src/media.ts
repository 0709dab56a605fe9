import { z } from "zod";
import { envelope } from "./envelope.ts";

export const uploadResponseSchema = envelope(
  z.object({
    /** The stored file's URL (the name the spec's client reads). */
    secure_url: z.string(),
    key: z.string(),
    kind: z.enum(["image", "audio"]),
    contentType: z.string(),
    bytes: z.number().int(),
    /** Seconds, read from the file, for audio. */
    duration: z.number().nullable(),
  }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
