import { Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { LoadError } from "../../../components/ui/load-error";
import { minutesWords } from "../habit/words";
import { useStats } from "./api";
import { useStreaksShown } from "../habit/streak-preference";
import { PageLoading } from "../shared/cover-art";
import { isUnreachable, OfflineAsOf, OfflineNotice } from "../shared/online";

const tooltipStyle = {
  background: "var(--mantine-color-body)",
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: 8,
  fontSize: 13,
  color: "var(--mantine-color-text)",
};
const axis = { fill: "var(--mantine-color-dimmed)", fontSize: 12 };
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fz="h3" fw={800} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Minutes per day as a chart, the streaks and how the listener's mood changed. */
export function StatsPanel() {
  const [days, setDays] = useState("30");
  const stats = useStats(Number(days));
  const showStreak = useStreaksShown();
  if (stats.isPending) return <PageLoading label="Loading your stats" />;
  if (stats.isError)
    return isUnreachable(stats.error) ? (
      <OfflineNotice />
    ) : (
      <LoadError title="Could not load your stats" error={stats.error} onRetry={() => void stats.refetch()} />
    );
  const s = stats.data;
  const lift = s.moodLift;
  return (
    <Stack gap="md">
      {s.asOf && <OfflineAsOf asOf={s.asOf} what="your figures" />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Listened" value={minutesWords(s.totalMinutes)} testId="stats-minutes" />
        <Figure label="Sessions" value={String(s.sessions)} testId="stats-sessions" />
        {showStreak && (
          <>
            <Figure
              label="Current streak"
              value={`${s.currentStreak} ${s.currentStreak === 1 ? "day" : "days"}`}
            />
            <Figure
              label="Longest streak"
              value={`${s.longestStreak} ${s.longestStreak === 1 ? "day" : "days"}`}
            />
          </>
        )}
      </SimpleGrid>
      <Card withBorder radius="lg" padding="md">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Minutes per day
          </Title>
          <SegmentedControl
            value={days}
            onChange={setDays}
            aria-label="Period"
            data={[
              { value: "7", label: "7 days" },
              { value: "30", label: "30 days" },
              { value: "90", label: "90 days" },
            ]}
            w="fit-content"
          />
          <figure
            style={{ margin: 0 }}
            aria-label={`Minutes listened per day over the last ${days} days: ${s.totalMinutes} in all.`}
          >
            <BarChart
              data={s.days}
              responsive
              accessibilityLayer={false}
              style={{ width: "100%", height: 220 }}
              margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
            >
              <CartesianGrid vertical={false} stroke="var(--mantine-color-default-border)" />
              <XAxis
                dataKey="date"
                tickFormatter={formatDay}
                tick={axis}
                tickLine={false}
                axisLine={false}
                minTickGap={24}
              />
              <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} width={32} />
              <Tooltip
                cursor={{ fill: "var(--mantine-color-default-hover)" }}
                labelFormatter={(date) => formatDay(String(date))}
                formatter={(value) => [`${Number(value)} min`, "Listened"]}
                contentStyle={tooltipStyle}
              />
              <Bar
                dataKey="minutes"
                fill="var(--mantine-primary-color-filled)"
                radius={[4, 4, 0, 0]}
                maxBarSize={24}
              />
            </BarChart>
          </figure>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="md">
        <Title order={2} fz="h4" mb="xs">
          Mood lift
        </Title>
        {lift.sessions === 0 ? (
          <Text c="dimmed">Tell us your mood before and after a session to see how listening helps.</Text>
        ) : (
          <Text>
            Of {lift.sessions} sessions with your mood before and after, you felt better after {lift.improved}
            , the same after {lift.same}
            {lift.worse ? ` and worse after ${lift.worse}` : ""}.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
