import type { Seat } from "@serene/contract";

/** The orders of the seats table: the latest thing that happened to a seat, or one of its columns. */
export const SEAT_SORTS = ["activity", "state", "person", "invitedAt", "redeemedAt", "expiresAt"] as const;
export type SeatSort = (typeof SEAT_SORTS)[number];
export type Direction = "asc" | "desc";

/** Who a seat is with: its listener, else the address it was sent to. */
export const seatPerson = (seat: Seat) => seat.listener?.email ?? seat.invitedEmail ?? "";

/** When something last happened to a seat (invited, redeemed), as an ISO date; "" when nothing yet. */
export function lastActivity(seat: Seat): string {
  return [seat.invitedAt, seat.redeemedAt].reduce<string>(
    (latest, at) => (at && at > latest ? at : latest),
    "",
  );
}

const keyOf: Record<SeatSort, (seat: Seat) => string> = {
  activity: lastActivity,
  state: (seat) => seat.state,
  person: (seat) => seatPerson(seat).toLowerCase(),
  invitedAt: (seat) => seat.invitedAt ?? "",
  redeemedAt: (seat) => seat.redeemedAt ?? "",
  expiresAt: (seat) => seat.expiresAt ?? "",
};

/**
 * The seats in the order asked for. A seat without the value sorted by (never invited, say) comes
 * last either way; ties keep the server's order (newest seat first).
 */
export function sortSeats(seats: readonly Seat[], sort: SeatSort, direction: Direction): Seat[] {
  const key = keyOf[sort];
  const sign = direction === "asc" ? 1 : -1;
  return seats
    .map((seat, index) => ({ seat, index, key: key(seat) }))
    .sort((a, b) => {
      if (!a.key !== !b.key) return a.key ? -1 : 1;
      const order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      return order * sign || a.index - b.index;
    })
    .map(({ seat }) => seat);
}

/** The order in the address (`?sort=invitedAt&dir=asc`): newest activity first unless it says else. */
export function readSeatOrder(params: URLSearchParams): { sort: SeatSort; direction: Direction } {
  const sort = SEAT_SORTS.find((s) => s === params.get("sort")) ?? "activity";
  return { sort, direction: params.get("dir") === "asc" ? "asc" : "desc" };
}

/** Whole days from `now` until `iso` (never below 0): the time a seat still carries. */
export function daysLeft(iso: string | null, now = Date.now()): number {
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 86_400_000)) : 0;
}
