import type { Seat, SortDirection } from "@serene/contract";
import { SEAT_SORTS, SEAT_STATES, type SeatSort } from "@serene/contract/business";

/** Who a seat is with: its listener, else the address it was sent to. */
export const seatPerson = (seat: Seat) => seat.listener?.email ?? seat.invitedEmail ?? "";

/**
 * The seats table's order in the address (`?sort=invitedAt&dir=asc`), which the API sorts by:
 * newest activity first unless the address names a known column.
 */
export function readSeatOrder(params: URLSearchParams): { sort: SeatSort; direction: SortDirection } {
  const sort = SEAT_SORTS.find((s) => s === params.get("sort")) ?? "activity";
  return { sort, direction: params.get("dir") === "asc" ? "asc" : "desc" };
}

/** The seats list the address asks for: its state filter (`?state=`), search (`?q=`) and order. */
export function readSeatQuery(params: URLSearchParams) {
  const state = SEAT_STATES.find((s) => s === params.get("state"));
  return { state, q: params.get("q") ?? undefined, ...readSeatOrder(params) };
}

/** Whole days from `now` until `iso` (never below 0): the time a seat still carries. */
export function daysLeft(iso: string | null, now = Date.now()): number {
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 86_400_000)) : 0;
}
