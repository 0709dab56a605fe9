import { ActionIcon, Box, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import type { Resource } from "@serene/contract";
import { IconChartBar, IconClipboardCheck, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { ContentCover } from "../../../components/entities/content-cover";
import { MoodBadge } from "../../../components/entities/mood-badge";
import { PaymentBadge } from "../../../components/entities/payment-badge";
import { type DataColumn, type DataTableProps } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { EditDeleteButtons } from "../../../components/ui/edit-delete-buttons";
import { formatCount } from "../../../lib/format";
import { reviewPath } from "../../../lib/review-paths";
import { PlayButton } from "./content-audio";
import { ReviewStateBadge } from "./review-state-badge";

interface ContentTableHandlers {
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  /** Opens the content's listening figures. */
  onStats: (resource: Resource) => void;
  /** Plays the content in the list's shared player. */
  onPlay: (resource: Resource) => void;
}

/** Listening figures for published content; for content waiting or declined, a decision to make. */
function StatsOrReview({ resource, onStats }: { resource: Resource; onStats: (resource: Resource) => void }) {
  return resource.reviewState === "published" ? (
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
  );
}

/** The contents' columns (sortable by the list's fields) and, on phones, their cards. */
export function contentTable({
  onEdit,
  onDelete,
  onStats,
  onPlay,
}: ContentTableHandlers): Omit<DataTableProps<Resource>, "rows" | "label"> {
  const columns: DataColumn<Resource>[] = [
    { header: "Image", td: { w: 64 }, cell: (resource) => <ContentCover resource={resource} /> },
    {
      header: "Title",
      sort: "title",
      td: { miw: 180 },
      cell: (resource) => (
        <>
          <Text fw={700} size="sm" lineClamp={2}>
            {resource.title}
          </Text>
          <Text size="xs" c="dimmed">
            {resource.interestName ?? "No interest"}
          </Text>
          {resource.reviewState !== "published" && <ReviewStateBadge state={resource.reviewState} />}
        </>
      ),
    },
    { header: "Mood", sort: "mood", cell: (resource) => <MoodBadge mood={resource.moodType} /> },
    {
      header: "Duration",
      sort: "duration",
      td: { style: { fontVariantNumeric: "tabular-nums" } },
      cell: (resource) => resource.duration || "—",
    },
    {
      header: "Mode",
      sort: "payment",
      cell: (resource) => <PaymentBadge paymentType={resource.paymentType} />,
    },
    {
      header: "Plays",
      sort: "plays",
      td: { style: { fontVariantNumeric: "tabular-nums" } },
      cell: (resource) => formatCount(resource.no_plays),
    },
    {
      header: "Time",
      sort: "created",
      td: { style: { whiteSpace: "nowrap" } },
      cell: (resource) => <DateText iso={resource.time_created} />,
    },
    { header: "Audio", cell: (resource) => <PlayButton resource={resource} onPlay={onPlay} /> },
    {
      header: "Action",
      cell: (resource) => (
        <Group gap={4} wrap="nowrap">
          <StatsOrReview resource={resource} onStats={onStats} />
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
      ),
    },
  ];

  return {
    rowKey: (resource) => resource._id,
    columns,
    minWidth: 900,
    card: (resource) => (
      <>
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
          <PlayButton resource={resource} onPlay={onPlay} full />
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
      </>
    ),
  };
}
