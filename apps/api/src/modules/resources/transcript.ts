import {
  type Transcript,
  TRANSCRIPT_MAX_BYTES,
  VTT_OTHER_BLOCK,
  VTT_TIMING,
  vttLines,
  vttTimestamp,
} from "@serene/contract";
import { AppError } from "../../lib/errors.ts";
import type { ResourceRow } from "./resources.repository.ts";

const invalid = (message: string) =>
  new AppError("validation_failed", `transcript: ${message}`, [{ field: "transcript", message }]);

/**
 * Checks WebVTT the way a browser's parser reads it: the `WEBVTT` signature, then blocks
 * separated by blank lines: NOTE, STYLE and REGION blocks, and cues (an optional identifier,
 * a `start --> end` timing line with start before end, then the cue's text). Throws a 400 naming
 * the first line that does not fit.
 */
export function checkWebVtt(text: string) {
  const lines = vttLines(text);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) {
    throw invalid('line 1: a WebVTT file starts with "WEBVTT"');
  }
  let i = 1;
  // The header's own lines run to the first blank line.
  while (i < lines.length && lines[i] !== "") i++;
  while (i < lines.length) {
    if (lines[i] === "") {
      i++;
      continue;
    }
    const start = i;
    const first = lines[i]!;
    if (VTT_OTHER_BLOCK.test(first)) {
      while (i < lines.length && lines[i] !== "") i++;
      continue;
    }
    // A cue: an identifier line is one without "-->"; the timing line follows it.
    if (!first.includes("-->")) i++;
    const timing = lines[i] ?? "";
    const m = VTT_TIMING.exec(timing);
    const from = m ? vttTimestamp(m[1]!) : null;
    const to = m ? vttTimestamp(m[2]!) : null;
    if (from === null || to === null) {
      // No timing in the block at all: its first line is where one was expected.
      const at = timing.includes("-->") ? i : start;
      throw invalid(`line ${at + 1}: expected a cue timing like "00:00:01.000 --> 00:00:04.000"`);
    }
    if (to <= from) throw invalid(`line ${i + 1}: the cue ends before it starts`);
    i++;
    while (i < lines.length && lines[i] !== "") {
      if (lines[i]!.includes("-->")) throw invalid(`line ${i + 1}: a cue's text cannot contain "-->"`);
      i++;
    }
    if (i === start) i++;
  }
}

/**
 * A transcript from a create or update as the content's columns: checked (over
 * TRANSCRIPT_MAX_BYTES: 413; malformed WebVTT: 400 with its line); null removes it, undefined
 * leaves it as it is.
 */
export function transcriptColumns(transcript: Transcript | null | undefined) {
  if (transcript === undefined) return {};
  if (transcript === null) return { transcriptFormat: null, transcriptText: null };
  const bytes = Buffer.byteLength(transcript.text);
  if (bytes > TRANSCRIPT_MAX_BYTES) {
    throw new AppError(
      "payload_too_large",
      `transcript: can be at most ${TRANSCRIPT_MAX_BYTES / 1024} KB; this one is ${Math.ceil(bytes / 1024)} KB`,
      [{ field: "transcript", message: `must be at most ${TRANSCRIPT_MAX_BYTES / 1024} KB` }],
    );
  }
  if (transcript.format === "vtt") checkWebVtt(transcript.text);
  return { transcriptFormat: transcript.format, transcriptText: transcript.text };
}

/** A content's transcript as the API answers it; null when it has none. */
export const transcriptOf = (
  r: Pick<ResourceRow, "transcriptFormat" | "transcriptText">,
): Transcript | null =>
  r.transcriptFormat && r.transcriptText !== null
    ? { format: r.transcriptFormat, text: r.transcriptText }
    : null;
