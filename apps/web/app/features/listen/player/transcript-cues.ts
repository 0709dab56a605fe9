import { VTT_OTHER_BLOCK, VTT_TIMING, vttLines, vttTimestamp } from "@serene/contract/webvtt";

/** One timed line of a WebVTT transcript, its text without markup. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "", rlm: "" };

/** A cue's payload as plain text: voice, class and timestamp tags gone, entities read. */
const plain = (lines: string[]) =>
  lines
    .join(" ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The cues of a WebVTT transcript, in order. The server refused malformed WebVTT on the way in, so
 * this reads what it accepted (header, NOTE / STYLE / REGION blocks skipped, optional identifiers)
 * and passes over anything else rather than throwing.
 */
export function parseVtt(text: string): Cue[] {
  const lines = vttLines(text);
  const cues: Cue[] = [];
  let i = 1;
  while (i < lines.length && lines[i] !== "") i++;
  while (i < lines.length) {
    if (lines[i] === "") {
      i++;
      continue;
    }
    const block: string[] = [];
    while (i < lines.length && lines[i] !== "") block.push(lines[i++]!);
    if (VTT_OTHER_BLOCK.test(block[0]!)) continue;
    const at = block.findIndex((line) => line.includes("-->"));
    const m = VTT_TIMING.exec(block[at] ?? "");
    const start = m ? vttTimestamp(m[1]!) : null;
    const end = m ? vttTimestamp(m[2]!) : null;
    if (start === null || end === null) continue;
    const words = plain(block.slice(at + 1));
    if (words) cues.push({ start, end, text: words });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/**
 * The cue playing at `position` (seconds): of overlapping cues the latest started; -1 between cues
 * and before the first.
 */
export const currentCueIndex = (cues: readonly Cue[], position: number): number =>
  cues.findLastIndex((cue) => cue.start <= position && position < cue.end);
