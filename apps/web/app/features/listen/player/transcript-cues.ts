/** One timed line of a WebVTT transcript, its text without markup. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` as seconds; null when it is not a WebVTT timestamp. */
function timestamp(text: string): number | null {
  const m = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
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
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
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
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    const at = block.findIndex((line) => line.includes("-->"));
    const m = /^(\S+)[ \t]+-->[ \t]+(\S+)/.exec(block[at] ?? "");
    const start = m ? timestamp(m[1]!) : null;
    const end = m ? timestamp(m[2]!) : null;
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
