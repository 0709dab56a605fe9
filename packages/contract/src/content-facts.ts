import { z } from "zod";
import { envelope } from "./envelope.ts";

/**
 * What the server measures of a content's audio file: integrated loudness (ITU BS.1770 /
 * EBU R128, LUFS) and true peak (dBTP). Null for silence, or audio not measured yet.
 */
export const loudnessSchema = z.object({ lufs: z.number(), peak: z.number() }).nullable();
export type Loudness = z.infer<typeof loudnessSchema>;

/** The loudness the web player levels to (by attenuation only). */
export const TARGET_LUFS = -16;
/** The review's range: outside it, a content is flagged as quieter or louder than the catalogue. */
export const LOUDNESS_RANGE = { minLufs: -20, maxLufs: -12, maxPeak: -1 } as const;

/** A content's text alternative: WebVTT (timed cues) or plain text. */
export const transcriptFormats = ["vtt", "text"] as const;
export type TranscriptFormat = (typeof transcriptFormats)[number];
/** The largest transcript taken, in bytes of UTF-8 (over it: 413). */
export const TRANSCRIPT_MAX_BYTES = 200 * 1024;
export const transcriptSchema = z.object({
  format: z.enum(transcriptFormats, { error: "must be vtt or text" }),
  text: z.string().refine((t) => t.trim().length > 0, { error: "is empty" }),
});
export type Transcript = z.infer<typeof transcriptSchema>;
/** In a create or update: a transcript, or null to remove it. */
export const transcriptInputSchema = transcriptSchema.nullable().optional();
export const transcriptResponseSchema = envelope(transcriptSchema);
