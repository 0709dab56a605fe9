import type { Seat } from "@serene/contract";
import { describe, expect, it } from "vitest";
import { daysLeft, lastActivity, readSeatOrder, sortSeats } from "./seat-order";

const seat = (id: string, fields: Partial<Seat>): Seat => ({
  _id: id,
  purchaseId: "p",
  state: "unsent",
  invitedEmail: null,
  invitedAt: null,
  redeemedAt: null,
  expiresAt: null,
  freedAt: null,
  keepsDays: null,
  withdrawnAt: null,
  inPurchaseEmail: false,
  ...fields,
});

// The server's order: newest seat first.
const seats = [
  seat("unsent", {}),
  seat("invited-late", { state: "invited", invitedEmail: "Bo@x.example", invitedAt: "2026-11-20T10:00:00Z" }),
  seat("redeemed", {
    state: "redeemed",
    invitedEmail: "al@x.example",
    invitedAt: "2026-10-01T10:00:00Z",
    redeemedAt: "2026-11-25T10:00:00Z",
    expiresAt: "2027-11-25T10:00:00Z",
  }),
  seat("invited-early", {
    state: "invited",
    invitedEmail: "cy@x.example",
    invitedAt: "2026-09-01T10:00:00Z",
  }),
];
const ids = (list: Seat[]) => list.map((s) => s._id);

describe("the seats table's order", () => {
  it("puts the newest activity first, a seat's latest of invited and redeemed, untouched seats last", () => {
    expect(lastActivity(seats[2]!)).toBe("2026-11-25T10:00:00Z");
    expect(ids(sortSeats(seats, "activity", "desc"))).toEqual([
      "redeemed",
      "invited-late",
      "invited-early",
      "unsent",
    ]);
  });

  it("sorts a column either way, seats without the value last both ways", () => {
    expect(ids(sortSeats(seats, "invitedAt", "asc"))).toEqual([
      "invited-early",
      "redeemed",
      "invited-late",
      "unsent",
    ]);
    expect(ids(sortSeats(seats, "person", "asc"))).toEqual([
      "redeemed",
      "invited-late",
      "invited-early",
      "unsent",
    ]);
    expect(ids(sortSeats(seats, "person", "desc"))).toEqual([
      "invited-early",
      "invited-late",
      "redeemed",
      "unsent",
    ]);
  });

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
