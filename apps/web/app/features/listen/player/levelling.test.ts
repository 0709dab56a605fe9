import { describe, expect, it } from "vitest";
import { levelGain } from "./levelling";

describe("loudness levelling (levelGain)", () => {
  it("turns a loud content down to −16 LUFS: 10^((−16 − lufs)/20)", () => {
    expect(levelGain({ lufs: -10, peak: -3 })).toBeCloseTo(10 ** (-6 / 20), 6); // ≈ 0.501
    expect(levelGain({ lufs: -16, peak: -3 })).toBe(1);
  });

  it("never boosts a quiet content past 0 dB", () => {
    expect(levelGain({ lufs: -30, peak: -12 })).toBe(1);
    expect(levelGain({ lufs: -23.5, peak: 0 })).toBe(1);
  });

  it("turns further down when the peak would still go over 0 dBFS", () => {
    // −14 LUFS alone asks −2 dB; a +3 dBTP peak needs −3 dB.
    expect(levelGain({ lufs: -14, peak: 3 })).toBeCloseTo(10 ** (-3 / 20), 6);
    expect(levelGain({ lufs: -20, peak: 1 })).toBeCloseTo(10 ** (-1 / 20), 6);
  });

  it("plays unmeasured audio (or silence) at full volume", () => {
    expect(levelGain(null)).toBe(1);
    expect(levelGain(undefined)).toBe(1);
    expect(levelGain({ lufs: Number.NEGATIVE_INFINITY, peak: Number.NEGATIVE_INFINITY })).toBe(1);
  });
});
