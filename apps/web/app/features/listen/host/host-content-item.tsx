import { Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { HostResourceListItem } from "@serene/contract";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { CoverArt } from "../shared/cover-art";
import { sayError } from "../shared/error-words";
import { formatDuration } from "../shared/format";
import { refreshHostContent, updateHostContent } from "./api";
import { HostFigures } from "./host-figures";
import { LAST_FEEDBACK, ReviewBadge } from "./review-badge";
import { WithdrawButton } from "./withdraw-button";

export const hostContentPath = (id: string) => `/listen/host/content/${encodeURIComponent(id)}`;

/**
 * One of the host's contents in "My content": its review state, the reviewer's feedback in full,
 * Edit and Resubmit while it can change, and its figures once published.
 */
export function HostContentItem({ item }: { item: HostResourceListItem }) {
  const resubmit = useMutation({
    // Sent again as it is: the reviewer sees it back in the queue (changes go through Edit).
    mutationFn: () => updateHostContent(item._id, { title: item.title }),
    onSuccess: () => notifySuccess(`"${item.title}" was sent for review again.`),
    onError: (error) => notifyFailure("Could not resubmit it", sayError(error)),
    onSettled: refreshHostContent,
  });
  const headingId = `host-item-${item._id}`;
  return (
    <Card component="li" withBorder radius="lg" padding="md" aria-labelledby={headingId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={{ base: 72, sm: 96 }} style={{ flexShrink: 0 }}>
          <CoverArt image={item.image} />
        </Box>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
              {item.title}
            </Title>
            <ReviewBadge state={item.reviewState} />
          </Group>
          <Text size="sm" c="dimmed">
            {[formatDuration(item), item.interest?.name, item.paymentType === "paid" ? "Paid" : "Free"]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          {item.feedback && (
            <Box className="host-feedback">
              <Text size="sm" fw={700}>
                {item.reviewState === "pending" ? LAST_FEEDBACK : "The reviewer's feedback"}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="host-feedback">
                {item.feedback}
              </Text>
            </Box>
          )}
          {item.reviewState === "published" && (
            <HostFigures
              plays={item.stats.countedPlays}
              listeners={item.stats.uniqueListeners}
              averageShare={item.stats.averageShare}
            />
          )}
          <Group gap="xs" mt={4}>
            <Button
              component={Link}
              to={hostContentPath(item._id)}
              variant="light"
              size="xs"
              aria-label={`${item.reviewState === "published" ? "Open" : "Edit"} ${item.title}`}
            >
              {item.reviewState === "published" ? "Open" : "Edit"}
            </Button>
            {item.reviewState === "declined" && (
              <Button
                size="xs"
                variant="default"
                onClick={() => resubmit.mutate()}
                loading={resubmit.isPending}
                aria-label={`Resubmit ${item.title}`}
              >
                Resubmit
              </Button>
            )}
            {item.reviewState === "pending" && <WithdrawButton item={item} />}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
