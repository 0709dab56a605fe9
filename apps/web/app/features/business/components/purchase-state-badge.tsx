import type { PurchaseState } from "@serene/contract";
import { StateBadge, type StateLook } from "../../../components/ui/state-badge";

export const purchaseStateLooks: Record<PurchaseState, StateLook> = {
  pending: { label: "Pending", color: "yellow" },
  paid: { label: "Paid", color: "green" },
  expired: { label: "Expired", color: "gray" },
  failed: { label: "Failed", color: "red" },
};

/** A purchase's payment state: Pending (checkout open), Paid, Expired (never paid) or Failed. */
export function PurchaseStateBadge({ state }: { state: PurchaseState }) {
  return <StateBadge look={purchaseStateLooks[state]} />;
}
