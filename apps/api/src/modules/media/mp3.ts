import fs from "node:fs/promises";

/** What a walk over a file's MPEG audio frames found. */
export type Mp3Check = { ok: true; frames: number } | { ok: false; problem: "no_audio" | "truncated" };

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};
const BLOCK = 1 << 20;
/** How far past the ID3 tag the first frame may start (encoder padding). */
const MAX_LEADING_JUNK = 64 * 1024;

/** Length in bytes of the MPEG-1/2/2.5 Layer III frame whose header is at `b[i]`, or 0 if it is not one. */
export function layer3FrameLength(b: Buffer, i: number): number {
  if (i + 4 > b.length) return 0;
  const h1 = b[i + 1]!;
  const h2 = b[i + 2]!;
  if (b[i] !== 0xff || (h1 & 0xe0) !== 0xe0) return 0;
  const version = (h1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5, 1 reserved
  const layer = (h1 >> 1) & 3; // 1 = Layer III
  if (version === 1 || layer !== 1) return 0;
  const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[(h2 >> 4) & 15];
  const sampleRate = SAMPLE_RATES[version]?.[(h2 >> 2) & 3];
  if (!bitrate || !sampleRate) return 0; // free-format, bad index or reserved rate
  const padding = (h2 >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding;
}

const startsWith = (b: Buffer, i: number, text: string) => b.toString("latin1", i, i + text.length) === text;

/**
 * Walks the file's frames: a real MP3 is an optional ID3v2 tag, then back-to-back MPEG audio
 * Layer III frames, then optionally ID3v1/APE/Lyrics tags. An ID3 tag with no frames behind it
 * is "no_audio"; a last frame cut short is "truncated".
 */
export async function checkMp3(filePath: string): Promise<Mp3Check> {
  const file = await fs.open(filePath, "r");
  try {
    const size = (await file.stat()).size;
    let buf = Buffer.alloc(0);
    let bufStart = 0;
    // Makes [pos, pos + n) available in buf (or as much as the file has).
    const window = async (pos: number, n: number) => {
      if (pos >= bufStart && pos + n <= bufStart + buf.length) return;
      const length = Math.max(BLOCK, n);
      const next = Buffer.alloc(Math.min(length, Math.max(0, size - pos)));
      await file.read(next, 0, next.length, pos);
      buf = next;
      bufStart = pos;
    };

    let pos = 0;
    await window(0, 10);
    while (startsWith(buf, pos - bufStart, "ID3")) {
      const i = pos - bufStart;
      const tagSize =
        ((buf[i + 6]! & 0x7f) << 21) |
        ((buf[i + 7]! & 0x7f) << 14) |
        ((buf[i + 8]! & 0x7f) << 7) |
        (buf[i + 9]! & 0x7f);
      const footer = buf[i + 5]! & 0x10 ? 10 : 0;
      pos += 10 + tagSize + footer;
      await window(pos, 10);
    }

    // The first frame: a header whose successor is also a header (or the end of the file).
    await window(pos, MAX_LEADING_JUNK + 8);
    let first = -1;
    for (let p = pos; p < Math.min(size, pos + MAX_LEADING_JUNK); p++) {
      const len = layer3FrameLength(buf, p - bufStart);
      if (!len) continue;
      await window(p, len + 4);
      if (p + len === size || layer3FrameLength(buf, p + len - bufStart)) {
        first = p;
        break;
      }
      await window(pos, MAX_LEADING_JUNK + 8);
    }
    if (first < 0) return { ok: false, problem: "no_audio" };

    let frames = 0;
    pos = first;
    while (pos < size) {
      await window(pos, 8);
      const len = layer3FrameLength(buf, pos - bufStart);
      if (!len) break;
      if (pos + len > size) return { ok: false, problem: "truncated" };
      frames++;
      pos += len;
    }
    if (pos < size) {
      const i = pos - bufStart;
      const trailingTag = ["TAG", "APETAGEX", "LYRICS"].some((t) => startsWith(buf, i, t));
      // A header-like sync at the very end with too few bytes left is a frame cut short.
      if (!trailingTag && buf[i] === 0xff && size - pos < 4) return { ok: false, problem: "truncated" };
    }
    return frames >= 2 ? { ok: true, frames } : { ok: false, problem: "no_audio" };
  } finally {
    await file.close();
  }
}
