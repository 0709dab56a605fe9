import { Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { minutesOf, minutesWords } from "../habit/words";
import { CoverImage } from "../shared/cover-image";
import { dayWords, type HistoryGroup } from "./history-groups";

/** History's lines (one per item and day, see groupHistory), then `children` (a Show more). */
export function HistoryList({
  groups,
  label = "History",
  children,
}: {
  groups: HistoryGroup[];
  label?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={label}>
      {groups.map((h) => (
        <Card component="li" key={`${h.resource._id}-${h.day}`} withBorder radius="lg" padding="xs">
          <Group wrap="nowrap" gap="sm">
            {h.resource.image && (
              <CoverImage src={h.resource.image} sizes="thumb" w={48} h={48} radius="md" />
            )}
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text
                component={Link}
                to={`/listen/content/${h.resource._id}`}
                fw={700}
                size="sm"
                truncate
                display="block"
                c="inherit"
              >
                {h.resource.title}
              </Text>
              <Text size="xs" c="dimmed">
                {dayWords(h.day)} · {minutesWords(minutesOf(h.listenedSeconds)).toLowerCase()} listened
                {h.sessions > 1 ? ` in ${h.sessions} sessions` : ""}
                {h.finished ? " · finished" : ""}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
      {children}
    </Stack>
  );
}
