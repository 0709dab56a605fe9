import type { SeatState } from "@serene/contract/business";
import { StateBadge, type StateLook } from "../../../components/ui/state-badge";

export const seatStateLooks: Record<SeatState, StateLook> = {
  unsent: { label: "Not sent", color: "gray" },
  invited: { label: "Invited", color: "blue" },
  redeemed: { label: "Redeemed", color: "green" },
  freed: { label: "Freed", color: "yellow" },
  expired: { label: "Expired", color: "red" },
};

/** Each state's word, as its badge says it. */
export const SEAT_STATE_WORDS = Object.fromEntries(
  Object.entries(seatStateLooks).map(([state, look]) => [state, look.label]),
) as Record<SeatState, string>;

/** A seat's state in words: Not sent, Invited, Redeemed, Freed or Expired. */
export function SeatStateBadge({ state }: { state: SeatState }) {
  return <StateBadge look={seatStateLooks[state]} />;
}
