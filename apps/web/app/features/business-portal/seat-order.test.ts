import { describe, expect, it } from "vitest";
import { daysLeft, readSeatOrder } from "./seat-order";

describe("the seats table's order", () => {
  it("reads the order from the address: newest activity first unless it names a known column", () => {
    expect(readSeatOrder(new URLSearchParams(""))).toEqual({ sort: "activity", direction: "desc" });
    expect(readSeatOrder(new URLSearchParams("sort=expiresAt&dir=asc"))).toEqual({
      sort: "expiresAt",
      direction: "asc",
    });
    expect(readSeatOrder(new URLSearchParams("sort=password&dir=up"))).toEqual({
      sort: "activity",
      direction: "desc",
    });
  });

  it("counts the whole days a seat still carries, never below zero", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(daysLeft("2027-06-30T12:00:00Z", now)).toBe(214);
    expect(daysLeft("2026-11-01T00:00:00Z", now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});
