import { describe, expect, it } from "vitest";
import { loudnessWarnings } from "./review-facts";

describe("the review's loudness warnings", () => {
  it("none inside −20…−12 LUFS with peaks at or under −1 dBTP, or without a measurement", () => {
    expect(loudnessWarnings({ lufs: -16, peak: -1 })).toEqual([]);
    expect(loudnessWarnings({ lufs: -20, peak: -3 })).toEqual([]);
    expect(loudnessWarnings(null)).toEqual([]);
  });

  it("quieter, louder, and peaks over −1 dBTP", () => {
    expect(loudnessWarnings({ lufs: -24, peak: -20 })).toEqual([
      "Quieter than most of the catalogue: listeners will turn it up.",
    ]);
    expect(loudnessWarnings({ lufs: -9, peak: -0.2 })).toEqual([
      "Louder than most of the catalogue: listeners will turn it down.",
      "Its peaks go above −1 dBTP: it may distort on some phones and speakers.",
    ]);
  });
});
