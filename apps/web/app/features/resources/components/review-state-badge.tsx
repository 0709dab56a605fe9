import { type ReviewState, reviewStates } from "@serene/contract";
import { StateBadge, type StateLook, stateOptionsOf } from "../../../components/ui/state-badge";

/** How each review state reads in the back office. */
export const reviewStateLooks: Record<ReviewState, StateLook> = {
  pending: { label: "Pending review", color: "yellow" },
  published: { label: "Published", color: "green" },
  declined: { label: "Declined", color: "red" },
};

export const reviewStateOptions = stateOptionsOf(reviewStates, reviewStateLooks);

export function ReviewStateBadge({ state }: { state: ReviewState }) {
  return <StateBadge look={reviewStateLooks[state]} />;
}
