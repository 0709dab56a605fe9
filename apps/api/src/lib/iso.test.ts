import { describe, expect, it } from "vitest";
import { type IsoInstant, iso } from "./iso.ts";

describe("iso", () => {
  it("writes every instant as toISOString does", () => {
    const instants = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      59_999,
      951_782_400_000,
      Date.UTC(2026, 10, 29, 23, 59, 59, 7),
    ];
    // Every day across two leap years, at a different time of day each.
    for (let i = 0; i < 800; i++) instants.push(Date.UTC(2027, 11, 1) + i * 86_400_000 + i * 3_723_011);
    for (const ms of instants) expect(iso(new Date(ms))).toBe(new Date(ms).toISOString());
    for (const year of [1, 999, 1000, 9999, 10000, -1]) {
      const d = new Date(Date.UTC(2000, 1, 29, 1, 2, 3, 4));
      d.setUTCFullYear(year);
      expect(iso(d)).toBe(d.toISOString());
    }
  });

  it("answers an instant already written as it is", () => {
    const written = "2026-11-29T06:18:47.540Z" as IsoInstant;
    expect(iso(written)).toBe(written);
  });

  it("writes none as null, and refuses an invalid date as toISOString does", () => {
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
  });
});
