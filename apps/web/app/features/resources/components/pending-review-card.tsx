import { Button, Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { IconArrowRight, IconClipboardCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { PENDING_REVIEW_PATH } from "../../../lib/review-paths";
import { usePendingReviewCount } from "../api";

/** The dashboard's call to the review queue, shown only while hosts' uploads wait for a decision. */
export function PendingReviewCard() {
  const pending = usePendingReviewCount().data ?? 0;
  if (pending === 0) return null;
  const waiting = `${pending} ${pending === 1 ? "submission" : "submissions"} waiting for review`;
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} component="section" aria-label={waiting}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="yellow" radius="md" size="lg">
            <IconClipboardCheck size={20} stroke={1.75} aria-hidden="true" />
          </ThemeIcon>
          <div>
            <Text fw={700}>{waiting}</Text>
            <Text size="sm" c="dimmed">
              Hosts sent content: listen to it, then approve or decline it with feedback.
            </Text>
          </div>
        </Group>
        <Button
          component={Link}
          to={PENDING_REVIEW_PATH}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden="true" />}
        >
          Review now
        </Button>
      </Group>
    </Paper>
  );
}
