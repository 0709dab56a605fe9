import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  useMantineTheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Resource } from "@serene/contract";
import { IconChartBar, IconClipboardCheck, IconPencil, IconTrash } from "@tabler/icons-react";
import type { SyntheticEvent } from "react";
import { Link } from "react-router";
import { ContentCover } from "../../../components/entities/content-cover";
import { MoodBadge } from "../../../components/entities/mood-badge";
import { PaymentBadge } from "../../../components/entities/payment-badge";
import { TableHeader } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { EditDeleteButtons } from "../../../components/ui/edit-delete-buttons";
import { reviewPath } from "../../../lib/review-paths";
import { ReviewStateBadge } from "./review-state-badge";

interface ContentListProps {
  resources: Resource[];
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  /** Opens the content's listening figures. */
  onStats: (resource: Resource) => void;
}

/** The contents of one page: a table, or on phones a list of cards. */
export function ContentList(props: ContentListProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  return phone ? <ContentCards {...props} /> : <ContentTable {...props} />;
}

const columns = ["Image", "Title", "Mood", "Duration", "Mode", "Time", "Audio", "Action"] as const;

function ContentTable({ resources, onEdit, onDelete, onStats }: ContentListProps) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
        <TableHeader columns={columns} />
        <Table.Tbody>
          {resources.map((resource) => (
            <Table.Tr key={resource._id}>
              <Table.Td w={64}>
                <ContentCover resource={resource} />
              </Table.Td>
              <Table.Td miw={180}>
                <Text fw={700} lineClamp={2}>
                  {resource.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {resource.interestName ?? "No interest"}
                </Text>
                {resource.reviewState !== "published" && <ReviewStateBadge state={resource.reviewState} />}
              </Table.Td>
              <Table.Td>
                <MoodBadge mood={resource.moodType} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>{resource.duration || "—"}</Table.Td>
              <Table.Td>
                <PaymentBadge paymentType={resource.paymentType} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <DateText iso={resource.time_created} />
              </Table.Td>
              <Table.Td>
                <Player resource={resource} width={210} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {/* Waiting for review or declined: nothing to measure yet, a decision to make. */}
                  {resource.reviewState === "published" ? (
                    <Tooltip label="Listening figures">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Listening figures of ${resource.title}`}
                        onClick={() => onStats(resource)}
                      >
                        <IconChartBar size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label="Review">
                      <ActionIcon
                        component={Link}
                        to={reviewPath(resource._id)}
                        variant="subtle"
                        size="lg"
                        aria-label={`Review ${resource.title}`}
                      >
                        <IconClipboardCheck size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={`Edit ${resource.title}`}
                      onClick={() => onEdit(resource)}
                    >
                      <IconPencil size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Delete ${resource.title}`}
                      onClick={() => onDelete(resource)}
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ContentCards({ resources, onEdit, onDelete, onStats }: ContentListProps) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {resources.map((resource) => (
        <Paper key={resource._id} component="li" withBorder radius="md" p="sm">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <ContentCover resource={resource} />
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Text fw={700} lh={1.3} style={{ overflowWrap: "anywhere" }}>
                {resource.title}
              </Text>
              <Text size="xs" c="dimmed">
                {resource.interestName ?? "No interest"} · <DateText iso={resource.time_created} />
              </Text>
              <Group gap={6}>
                {resource.reviewState !== "published" && <ReviewStateBadge state={resource.reviewState} />}
                <MoodBadge mood={resource.moodType} />
                <PaymentBadge paymentType={resource.paymentType} />
                {resource.duration && (
                  <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {resource.duration}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
          <Box mt="sm">
            <Player resource={resource} width="100%" />
          </Box>
          {resource.reviewState === "published" ? (
            <Button
              mt="sm"
              variant="subtle"
              size="xs"
              fullWidth
              leftSection={<IconChartBar size={16} aria-hidden="true" />}
              aria-label={`Listening figures of ${resource.title}`}
              onClick={() => onStats(resource)}
            >
              Listening figures
            </Button>
          ) : (
            <Button
              component={Link}
              to={reviewPath(resource._id)}
              mt="sm"
              variant="light"
              size="xs"
              fullWidth
              leftSection={<IconClipboardCheck size={16} aria-hidden="true" />}
              aria-label={`Review ${resource.title}`}
            >
              Review
            </Button>
          )}
          <EditDeleteButtons
            mt="xs"
            name={resource.title}
            onEdit={() => onEdit(resource)}
            onDelete={() => onDelete(resource)}
          />
        </Paper>
      ))}
    </Stack>
  );
}

/** One player at a time: starting one pauses the others. */
function pauseOtherPlayers(event: SyntheticEvent<HTMLAudioElement>) {
  for (const player of document.querySelectorAll("audio")) {
    if (player !== event.currentTarget) player.pause();
  }
}

export function Player({ resource, width }: { resource: Resource; width: number | string }) {
  if (!resource.resourceUrl) {
    return (
      <Text size="sm" c="dimmed">
        No audio
      </Text>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded audio has no caption file
    <audio
      controls
      preload="none"
      src={resource.resourceUrl}
      aria-label={`Play ${resource.title}`}
      onPlay={pauseOtherPlayers}
      style={{ display: "block", width, height: 40 }}
    />
  );
}
