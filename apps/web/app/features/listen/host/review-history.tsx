import { Stack, Text, Timeline } from "@mantine/core";
import type { ResourceHistoryEntry } from "@serene/contract";
import { formatDateTime } from "../../../lib/format";

const stepWords: Record<ResourceHistoryEntry["action"], string> = {
  submitted: "Sent for review",
  resubmitted: "Sent for review again",
  approved: "Approved and published",
  declined: "Declined",
  edited: "Changed",
};

/** The content's way through review, oldest first: each step, when, what it changed, the feedback. */
export function ReviewHistory({ history }: { history: ResourceHistoryEntry[] }) {
  if (!history.length) return null;
  return (
    <Stack gap="xs">
      <Text fw={700} component="h2" fz="h4" m={0}>
        History
      </Text>
      <Timeline bulletSize={14} lineWidth={2} active={history.length - 1}>
        {history.map((step) => (
          <Timeline.Item key={`${step.at}-${step.action}`} title={stepWords[step.action]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(step.at)}
            </Text>
            {step.changed.length > 0 && <Text size="sm">Changed: {step.changed.join(", ")}</Text>}
            {step.feedback && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                “{step.feedback}”
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
