import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { TrashItem, TrashKind } from "@serene/contract";
import { IconRestore } from "@tabler/icons-react";
import { type DataColumn, type DataTableProps, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { plural } from "../../../lib/format";

const DAY_MS = 24 * 3600_000;

export const trashKindLabels: Record<TrashKind, string> = { user: "User", content: "Content" };

/** Whole days before the purge deletes it for real ("Purged today" on its last day). */
export function daysLeft(item: TrashItem, now = Date.now()): string {
  const days = Math.floor((new Date(item.purgeAt).getTime() - now) / DAY_MS);
  return days < 1 ? "Purged today" : `${plural(days, "day")} left`;
}

function Kind({ item }: { item: TrashItem }) {
  return (
    <Badge variant="light" color={item.kind === "user" ? "grape" : "blue"} radius="sm">
      {trashKindLabels[item.kind]}
    </Badge>
  );
}

function Name({ item }: { item: TrashItem }) {
  return (
    <div>
      <Text size="sm" fw={700} style={{ overflowWrap: "anywhere" }}>
        {item.name}
      </Text>
      {item.email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {item.kind === "content" ? `Uploaded by ${item.email}` : item.email}
        </Text>
      )}
    </div>
  );
}

/** Who deleted it: their address, or a note that their account is gone. */
const deleter = (item: TrashItem) => item.deletedBy?.email ?? "a removed admin";

function Deleted({ item }: { item: TrashItem }) {
  return (
    <Text size="sm">
      <DateText iso={item.deletedAt} />
      <Text span size="xs" c="dimmed" display="block" style={{ overflowWrap: "anywhere" }}>
        by {deleter(item)}
      </Text>
    </Text>
  );
}

function RestoreButton({ item, onRestore }: { item: TrashItem; onRestore: (item: TrashItem) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden="true" />}
      aria-label={`Restore ${item.name}`}
      onClick={() => onRestore(item)}
    >
      Restore
    </Button>
  );
}

/** The trash's columns and, on phones, its cards. */
export function trashTable(
  onRestore: (item: TrashItem) => void,
): Omit<DataTableProps<TrashItem>, "rows" | "label"> {
  const columns: DataColumn<TrashItem>[] = [
    { header: "Kind", sort: "kind", td: { w: 130 }, cell: (i) => <Kind item={i} /> },
    { header: "Name", sort: "name", td: { miw: 200 }, cell: (i) => <Name item={i} /> },
    { header: "Deleted", sort: "deleted", td: { miw: 160 }, cell: (i) => <Deleted item={i} /> },
    { header: "Purge", td: numericCell, cell: (i) => <Text size="sm">{daysLeft(i)}</Text> },
    { header: "Action", td: { w: 120 }, cell: (i) => <RestoreButton item={i} onRestore={onRestore} /> },
  ];
  return {
    rowKey: (i) => i._id,
    columns,
    minWidth: 760,
    card: (i) => (
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Kind item={i} />
            <Text size="xs" c="dimmed">
              {daysLeft(i)}
            </Text>
          </Group>
          <Name item={i} />
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            Deleted <DateText iso={i.deletedAt} /> by {deleter(i)}
          </Text>
        </Stack>
        <RestoreButton item={i} onRestore={onRestore} />
      </Group>
    ),
  };
}
