import { Button, Center, Chip, Group, Loader, Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import type { ActivityAction, ActivityEntry } from "@serene/contract";
import { useState } from "react";
import { LoadError } from "../../../components/ui/load-error";
import { formatDateTime, formatRelative } from "../../../lib/format";
import { PAGE_SIZE } from "../../../lib/use-list-query";
import { describeActivity, entityTypeInfo } from "../describe-activity";
import { useActivityFeed } from "../api";

/** What the feed can narrow down to: one kind of event each. */
const topics: { value: ActivityAction | "all"; label: string }[] = [
  { value: "all", label: "Everything" },
  { value: "user.register", label: "Signups" },
  { value: "resource.create", label: "Uploads" },
  { value: "purchase.paid", label: "Purchases" },
  { value: "host_request.create", label: "Host requests" },
  { value: "support_message.create", label: "Support" },
  { value: "deletion_request.create", label: "Deletion requests" },
];

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" });

/** "Today", "Yesterday" or "Monday, November 20" for an entry's local day. */
function dayLabel(iso: string): string {
  const day = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (day.toDateString() === today.toDateString()) return "Today";
  if (day.toDateString() === yesterday.toDateString()) return "Yesterday";
  return dayFormat.format(day);
}

/** Entries (newest first) grouped by day, in order. */
function byDay(entries: ActivityEntry[]): [string, ActivityEntry[]][] {
  const days = new Map<string, ActivityEntry[]>();
  for (const entry of entries) {
    const label = dayLabel(entry.time_created);
    days.set(label, [...(days.get(label) ?? []), entry]);
  }
  return [...days];
}

/** The Feed: recent activity as a readable timeline, newest first. */
export function ActivityFeed() {
  const [topic, setTopic] = useState<string>("all");
  const action = topics.find((option) => option.value === topic)?.value;
  const feed = useActivityFeed({ limit: PAGE_SIZE, action: action === "all" ? undefined : action });
  const entries = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={topic} onChange={setTopic}>
        <Group gap="xs" role="group" aria-label="Show">
          {topics.map((option) => (
            <Chip key={option.value} value={option.value} size="sm" variant="light">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {feed.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the feed" />
          </Center>
        ) : feed.isError ? (
          <LoadError
            title="The feed could not be loaded"
            error={feed.error}
            onRetry={() => void feed.refetch()}
          />
        ) : entries.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nothing to show yet.
          </Text>
        ) : (
          <Stack gap="lg">
            {byDay(entries).map(([day, dayEntries]) => (
              <div key={day}>
                <Title order={2} fz="sm" mb="sm">
                  {day}
                </Title>
                <Timeline bulletSize={30} lineWidth={2}>
                  {dayEntries.map((entry) => {
                    const { who, what } = describeActivity(entry);
                    const type = entityTypeInfo(entry.entityType);
                    return (
                      <Timeline.Item
                        key={entry._id}
                        bullet={
                          <type.icon
                            size={16}
                            aria-hidden="true"
                            color={`var(--mantine-color-${type.color}-filled)`}
                          />
                        }
                        title={
                          <Text size="sm" fw={400} style={{ overflowWrap: "anywhere" }}>
                            <strong>{who}</strong> {what}
                          </Text>
                        }
                      >
                        <Text size="xs" c="dimmed" mt={2}>
                          <time dateTime={entry.time_created} title={formatDateTime(entry.time_created)}>
                            {formatRelative(entry.time_created)}
                          </time>{" "}
                          · {type.label}
                        </Text>
                      </Timeline.Item>
                    );
                  })}
                </Timeline>
              </div>
            ))}
            {feed.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="light"
                  onClick={() => void feed.fetchNextPage()}
                  loading={feed.isFetchingNextPage}
                >
                  Show older
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
