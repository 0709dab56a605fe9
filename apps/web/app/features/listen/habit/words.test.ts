import { describe, expect, it } from "vitest";
import { todayFigures } from "./words";

describe("the Today card's three facts agree (words.ts)", () => {
  it("nothing today: says so, and a streak only as the one that ran to yesterday", () => {
    expect(todayFigures(0, { current: 0, todayDone: false })).toBe("Nothing played yet today");
    expect(todayFigures(0, { current: 1, todayDone: false })).toBe(
      "Nothing played yet today · 1 day in a row until yesterday",
    );
  });

  it("some today, not counted yet: the minutes, never 'Done for today'", () => {
    expect(todayFigures(3, { current: 2, todayDone: false })).toBe(
      "3 minutes today · 2 days in a row until yesterday",
    );
  });

  it("done today: never 'Nothing played yet', even under a minute; the streak with today", () => {
    expect(todayFigures(0, { current: 1, todayDone: true })).toBe(
      "Listened today · Done for today · 1 day in a row",
    );
    expect(todayFigures(12, { current: 4, todayDone: true })).toBe(
      "12 minutes today · Done for today · 4 days in a row",
    );
  });

  it("hidden streaks (Account): the other facts only", () => {
    expect(todayFigures(5, { current: 3, todayDone: true }, false)).toBe("5 minutes today · Done for today");
    expect(todayFigures(0, { current: 3, todayDone: false }, false)).toBe("Nothing played yet today");
  });
});
