import { z } from "./zod.ts";
import { untrimmedText } from "./common.ts";
import { envelope } from "./envelope.ts";

export { TARGET_LUFS } from "./listener.ts";

/**
 * What the server measures of a content's audio file: integrated loudness (ITU BS.1770 /
 * EBU R128, LUFS) and true peak (dBTP). Null for silence, or audio not measured yet.
 */
export const loudnessSchema = z.object({ lufs: z.number(), peak: z.number() }).nullable();
export type Loudness = z.infer<typeof loudnessSchema>;

/** The review's range: outside it, a content is flagged as quieter or louder than the catalogue. */
export const LOUDNESS_RANGE = { minLufs: -20, maxLufs: -12, maxPeak: -1 } as const;

/** A content's text alternative: WebVTT (timed cues) or plain text. */
export const transcriptFormats = ["vtt", "text"] as const;
export type TranscriptFormat = (typeof transcriptFormats)[number];
/** The largest transcript taken, in bytes of UTF-8 (over it: 413). */
export const TRANSCRIPT_MAX_BYTES = 200 * 1024;
export const transcriptSchema = z.object({
  format: z.enum(transcriptFormats, { error: "must be vtt or text" }),
  text: untrimmedText().refine((t) => t.trim().length > 0, { error: "is empty" }),
});
export type Transcript = z.infer<typeof transcriptSchema>;
/** In a create or update: a transcript, or null to remove it. */
export const transcriptInputSchema = transcriptSchema.nullable().optional();
export const transcriptResponseSchema = envelope(transcriptSchema);

/** The fields a review's history names when they changed. */
export const reviewedFields = ["title", "description", "cover", "audio", "transcript"] as const;
export type ReviewedField = (typeof reviewedFields)[number];
export const historyActions = ["submitted", "resubmitted", "approved", "declined", "edited"] as const;

/** One step of a content's review history, oldest first (GET /user/resources/:id/history). */
export const resourceHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.enum(historyActions),
  by: z.object({ _id: z.string(), username: z.string() }).nullable(),
  /** The reviewer's feedback, with a decision. */
  feedback: z.string().optional(),
  /** What this step changed. */
  changed: z.array(z.enum(reviewedFields)),
  /** The values before this step of the fields it changed (cover and audio as URLs). */
  previous: z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    cover: z.string().nullable().optional(),
    audio: z.string().nullable().optional(),
    transcript: transcriptSchema.nullable().optional(),
  }),
});
export type ResourceHistoryEntry = z.infer<typeof resourceHistoryEntrySchema>;
export const resourceHistoryResponseSchema = envelope(z.array(resourceHistoryEntrySchema));
