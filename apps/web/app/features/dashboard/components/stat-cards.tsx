import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import type { DashboardStats } from "@serene/contract";
import {
  IconClockHour4,
  IconHeadphones,
  IconMicrophone2,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { useId } from "react";
import { LoadError } from "../../../components/ui/load-error";
import { formatCount, formatMinutesSeconds } from "../../../lib/format";
import { useDashboardStats } from "../api";

interface Card {
  label: string;
  /** Under the figure: what it counts (may say more once the counts are in). */
  note: string | ((stats: DashboardStats) => string);
  icon: TablerIcon;
  value: (stats: DashboardStats) => string;
}

const cards: Card[] = [
  {
    label: "Uploaded Resources",
    note: "contents in the app",
    icon: IconHeadphones,
    value: (stats) => formatCount(stats.resources),
  },
  {
    label: "Users",
    note: (stats) => `app users (staff apart: ${formatCount(stats.staff)})`,
    icon: IconUsers,
    value: (stats) => formatCount(stats.users),
  },
  {
    label: "Host request",
    note: "waiting for a decision",
    icon: IconMicrophone2,
    value: (stats) => formatCount(stats.hostRequests),
  },
  {
    label: "Avg. time on app",
    note: "mean listening per listener per day, last 30 days (mm:ss)",
    icon: IconClockHour4,
    value: (stats) => formatMinutesSeconds(stats.avgTimeOnAppSeconds),
  },
];

/** The four stat cards, each one count from the server. */
export function StatCards() {
  const stats = useDashboardStats();
  return (
    <>
      {stats.isError && (
        <LoadError
          title="The counts could not be loaded"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "sm", sm: "md" }}>
        {cards.map((card) => (
          <StatCard
            key={card.label}
            card={card}
            value={stats.data ? card.value(stats.data) : null}
            note={
              typeof card.note === "string" ? card.note : stats.data ? card.note(stats.data) : "app users"
            }
          />
        ))}
      </SimpleGrid>
    </>
  );
}

function StatCard({ card, value, note }: { card: Card; value: string | null; note: string }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text id={labelId} size="sm" fw={600} c="dimmed" lh={1.3}>
          {card.label}
        </Text>
        <ThemeIcon variant="light" radius="md" size="lg" visibleFrom="xs">
          <card.icon size={20} stroke={1.75} aria-hidden="true" />
        </ThemeIcon>
      </Group>
      {value === null ? (
        <Skeleton h={32} w="60%" mt={6} radius="sm" />
      ) : (
        <Text
          fz={{ base: 24, sm: 30 }}
          fw={800}
          lh={1.2}
          mt={4}
          style={{ fontVariantNumeric: "tabular-nums" }}
        >
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        {note}
      </Text>
    </Paper>
  );
}
