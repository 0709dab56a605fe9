import { Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import type { ContentStats, Resource } from "@serene/contract";
import { LoadError } from "../../../components/ui/load-error";
import { formatCount, plural } from "../../../lib/format";
import { useResourceStats } from "../api";

interface ContentStatsModalProps {
  /** The content whose figures are shown; null: closed. */
  resource: Resource | null;
  onClose: () => void;
}

const figures: {
  label: string;
  value: (stats: ContentStats) => string;
  note?: (stats: ContentStats) => string;
}[] = [
  {
    label: "Counted plays",
    value: (s) => formatCount(s.countedPlays),
    note: () => "60 s (or the whole file), once per listener in 24 h",
  },
  { label: "Unique listeners", value: (s) => formatCount(s.uniqueListeners) },
  { label: "Minutes listened", value: (s) => formatCount(s.minutes) },
  {
    label: "Completion rate",
    value: (s) => (s.completionRate === null ? "—" : `${Math.round(s.completionRate * 100)}%`),
    note: () => "sessions listened to the end",
  },
  {
    label: "Mood lift",
    value: (s) => (s.moodLift.sessions ? `${formatCount(s.moodLift.improved)} better` : "—"),
    note: (s) =>
      s.moodLift.sessions
        ? `of ${plural(s.moodLift.sessions, "session")} with a mood before and after; ${formatCount(s.moodLift.same)} same, ${formatCount(s.moodLift.worse)} worse`
        : "no session with a mood before and after",
  },
];

/** One content's listening figures (counted plays, listeners, minutes, completion, mood lift). */
export function ContentStatsModal({ resource, onClose }: ContentStatsModalProps) {
  const stats = useResourceStats(resource?._id ?? null);
  return (
    <Modal
      opened={resource !== null}
      onClose={onClose}
      title={resource ? `Listening: ${resource.title}` : "Listening"}
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 800 } }}
    >
      {stats.isError ? (
        <LoadError
          title="The figures could not be loaded"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          {figures.map((figure) => (
            <Paper key={figure.label} withBorder radius="md" p="sm" role="group" aria-label={figure.label}>
              <Stack gap={2}>
                <Text size="xs" fw={600} c="dimmed">
                  {figure.label}
                </Text>
                {stats.data ? (
                  <>
                    <Text fw={800} size="xl" style={{ fontVariantNumeric: "tabular-nums" }}>
                      {figure.value(stats.data)}
                    </Text>
                    {figure.note && (
                      <Text size="xs" c="dimmed">
                        {figure.note(stats.data)}
                      </Text>
                    )}
                  </>
                ) : (
                  <Skeleton h={28} w="60%" radius="sm" />
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
