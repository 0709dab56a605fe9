import { Badge, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ActivityEntry } from "@serene/contract";
import { type DataColumn, type DataTableProps } from "../../../components/ui/data-table";
import { formatDateTime } from "../../../lib/format";
import { describeActivity, entityTypeInfo } from "../describe-activity";
import { ActivityChanges } from "./activity-changes";

function TypeIcon({ type }: { type: string }) {
  const info = entityTypeInfo(type);
  return (
    <ThemeIcon variant="light" color={info.color} radius="xl" size="md" style={{ flexShrink: 0 }}>
      <info.icon size={16} aria-hidden="true" />
    </ThemeIcon>
  );
}

function When({ entry }: { entry: ActivityEntry }) {
  return <time dateTime={entry.time_created}>{formatDateTime(entry.time_created)}</time>;
}

const columns: DataColumn<ActivityEntry>[] = [
  {
    header: "When",
    sort: "time",
    td: { style: { whiteSpace: "nowrap" }, fz: "sm" },
    cell: (entry) => <When entry={entry} />,
  },
  {
    header: "Who",
    sort: "who",
    td: { fz: "sm", maw: 220, style: { overflowWrap: "anywhere" } },
    cell: (entry) => (
      <>
        {describeActivity(entry).who}
        {entry.ip && (
          <Text size="xs" c="dimmed" ff="monospace">
            {entry.ip}
          </Text>
        )}
      </>
    ),
  },
  {
    header: "What",
    sort: "action",
    cell: (entry) => (
      <>
        <Text size="sm">{describeActivity(entry).what}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.action}
        </Text>
        <ActivityChanges entry={entry} />
      </>
    ),
  },
  {
    header: "Record",
    sort: "record",
    cell: (entry) => {
      const type = entityTypeInfo(entry.entityType);
      return (
        <>
          <Badge variant="light" color={type.color} radius="sm" miw="max-content">
            {type.label}
          </Badge>
          {entry.entityId && (
            <Text size="xs" c="dimmed" ff="monospace" title={entry.entityId} mt={2}>
              {entry.entityId.slice(0, 8)}
            </Text>
          )}
        </>
      );
    },
  },
];

/** Log entries: a table whose When, Who, What and Record headers sort, or on phones a list of cards. */
export const activityTable: Omit<DataTableProps<ActivityEntry>, "rows" | "label"> = {
  rowKey: (entry) => entry._id,
  columns,
  minWidth: 760,
  card: (entry) => {
    const { who, what } = describeActivity(entry);
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <TypeIcon type={entry.entityType} />
        <Stack gap={2} miw={0}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <strong>{who}</strong> {what}
          </Text>
          <Text size="xs" c="dimmed">
            <When entry={entry} /> · <code>{entry.action}</code>
            {entry.ip && ` · ${entry.ip}`}
          </Text>
          <ActivityChanges entry={entry} />
        </Stack>
      </Group>
    );
  },
};
