import { describe, expect, it } from "vitest";
import { currentCueIndex, parseVtt } from "./transcript-cues";

const VTT = [
  "\uFEFFWEBVTT - Evening wind-down",
  "Kind: captions",
  "",
  "NOTE written by the host",
  "it spans two lines",
  "",
  "STYLE",
  "::cue { color: white }",
  "",
  "intro",
  "00:00.000 --> 00:04.500 align:start",
  "<v Mia>Breathe in</v> slowly,",
  "and out.",
  "",
  "00:00:06.000 --> 00:00:09.000",
  "Let the <b>harbour</b> lights fade &amp; rest.",
  "",
  "01:00:00.250 --> 01:00:02.000",
  "The end.",
].join("\r\n");

describe("WebVTT cues (parseVtt)", () => {
  it("reads the cues' times and text; header, NOTE and STYLE blocks, identifiers and tags left out", () => {
    expect(parseVtt(VTT)).toEqual([
      { start: 0, end: 4.5, text: "Breathe in slowly, and out." },
      { start: 6, end: 9, text: "Let the harbour lights fade & rest." },
      { start: 3600.25, end: 3602, text: "The end." },
    ]);
  });

  it("passes over a block without a valid timing, and a cue without text", () => {
    const text = [
      "WEBVTT",
      "",
      "not a cue",
      "",
      "00:01.000 --> 00:02.000",
      "",
      "00:03.000 --> 00:04.000",
      "Yes",
    ];
    expect(parseVtt(text.join("\n"))).toEqual([{ start: 3, end: 4, text: "Yes" }]);
  });
});

describe("the current cue (currentCueIndex)", () => {
  const cues = parseVtt(VTT);
  it("is the cue whose time span holds the position, start included, end excluded", () => {
    expect(currentCueIndex(cues, 0)).toBe(0);
    expect(currentCueIndex(cues, 4.4)).toBe(0);
    expect(currentCueIndex(cues, 6)).toBe(1);
    expect(currentCueIndex(cues, 8.99)).toBe(1);
    expect(currentCueIndex(cues, 3601)).toBe(2);
  });

  it("is none (-1) between cues, after the last and without cues", () => {
    expect(currentCueIndex(cues, 4.5)).toBe(-1);
    expect(currentCueIndex(cues, 5)).toBe(-1);
    expect(currentCueIndex(cues, 9)).toBe(-1);
    expect(currentCueIndex(cues, 4000)).toBe(-1);
    expect(currentCueIndex([], 1)).toBe(-1);
  });

  it("of overlapping cues, the latest started", () => {
    const overlapping = [
      { start: 0, end: 10, text: "long" },
      { start: 2, end: 4, text: "short" },
    ];
    expect(currentCueIndex(overlapping, 3)).toBe(1);
    expect(currentCueIndex(overlapping, 5)).toBe(0);
  });
});
