import { Badge } from "@mantine/core";
import type { ReviewState } from "@serene/contract";

/** A content's review state in words. */
export const reviewWords: Record<ReviewState, { label: string; color: string }> = {
  pending: { label: "Waiting for review", color: "blue" },
  published: { label: "Published", color: "teal" },
  declined: { label: "Declined", color: "red" },
};

/** A resubmitted item's feedback is the earlier review's, not one on what waits now. */
export const LAST_FEEDBACK = "The last review's feedback";

export function ReviewBadge({ state }: { state: ReviewState }) {
  return (
    <Badge variant="light" color={reviewWords[state].color} data-testid="review-state">
      {reviewWords[state].label}
    </Badge>
  );
}
