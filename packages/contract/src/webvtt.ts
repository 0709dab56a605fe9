// WebVTT as both its readers see it: the server's check of an upload and the player's cues.
// Plain functions, no zod, so the listener's pages can load them.

/** A WebVTT file's lines, a byte-order mark left out. */
export const vttLines = (text: string): string[] => text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);

/** A block that is not a cue: NOTE, STYLE or REGION. */
export const VTT_OTHER_BLOCK = /^(NOTE|STYLE|REGION)(?:[ \t]|$)/;

/** A cue's timing line: its start and end, then optional cue settings. */
export const VTT_TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/;

/** `hh:mm:ss.ttt` or `mm:ss.ttt` as seconds; null when it is not a WebVTT timestamp. */
export function vttTimestamp(text: string): number | null {
  const m = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}
