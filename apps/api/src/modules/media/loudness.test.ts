import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "../../test-support/multipart.ts";
import { analyseAudio } from "./audio-analysis.ts";

/**
 * The in-process meter (mpg123 WebAssembly decoder + our BS.1770 K-weighting, gating and 4×
 * oversampled true peak) against the reference: Debian's ffmpeg with its ebur128 filter, on
 * the same files. Tests only: the server never runs ffmpeg.
 */
async function ffmpegEbur128(file: string) {
  const { stderr } = await promisify(execFile)(
    "ffmpeg",
    ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128=peak=true", "-f", "null", "-"],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]);
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)![1]!;
  return { lufs, peak: peak === "-inf" ? -Infinity : Number(peak) };
}

describe("loudness measured in process agrees with ffmpeg's ebur128", () => {
  // sox tones (440 Hz, mono) at -30, -20 and -10 dBFS, and pink noise shaped like speech
  // (band-passed, with a 3 Hz tremolo and pauses), all encoded by lame.
  it.each(["tone-30db.mp3", "tone-20db.mp3", "tone-10db.mp3", "speech-like.mp3", "tone.mp3"])(
    "%s: within 0.5 LU and 0.5 dB of true peak",
    async (name) => {
      const file = path.join(fixturesDir, name);
      const [ours, reference] = await Promise.all([analyseAudio(file), ffmpegEbur128(file)]);
      expect(ours.loudness).not.toBeNull();
      expect(Math.abs(ours.loudness!.lufs - reference.lufs)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(ours.loudness!.peak - reference.peak)).toBeLessThanOrEqual(0.5);
    },
  );

  it("the tones are 10 LU apart, as their levels are", async () => {
    const lufs = await Promise.all(
      ["tone-30db.mp3", "tone-20db.mp3", "tone-10db.mp3"].map(
        async (name) => (await analyseAudio(path.join(fixturesDir, name))).loudness!.lufs,
      ),
    );
    expect(lufs[1]! - lufs[0]!).toBeCloseTo(10, 0);
    expect(lufs[2]! - lufs[1]!).toBeCloseTo(10, 0);
  });

  it("a silent file measures its duration and no loudness, without failing", async () => {
    const file = path.join(fixturesDir, "silence.mp3");
    expect(await ffmpegEbur128(file)).toMatchObject({ peak: -Infinity });
    const facts = await analyseAudio(file);
    expect(facts.loudness).toBeNull();
    expect(facts.duration).toBeGreaterThan(1.9);
  });
});
