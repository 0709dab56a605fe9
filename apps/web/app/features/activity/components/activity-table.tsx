import { Badge, Group, Paper, Stack, Table, Text, ThemeIcon, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ActivityEntry } from "@serene/contract";
import { formatDateTime } from "../../../lib/format";
import { describeActivity, entityTypeInfo } from "../describe-activity";
import { TableHeader } from "../../../components/ui/data-table";
import { ActivityChanges } from "./activity-changes";

const columns = ["When", "Who", "What", "Record"] as const;

/** Log entries: a table, or on phones a list of cards. */
export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });

  if (phone) {
    return (
      <Stack gap="xs" component="ul" m={0} p={0} aria-label="Activity" style={{ listStyle: "none" }}>
        {entries.map((entry) => {
          const { who, what } = describeActivity(entry);
          return (
            <Paper key={entry._id} component="li" withBorder radius="md" p="sm">
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
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label="Activity">
        <TableHeader columns={columns} />
        <Table.Tbody>
          {entries.map((entry) => {
            const { who, what } = describeActivity(entry);
            const type = entityTypeInfo(entry.entityType);
            return (
              <Table.Tr key={entry._id}>
                <Table.Td style={{ whiteSpace: "nowrap" }} fz="sm">
                  <When entry={entry} />
                </Table.Td>
                <Table.Td fz="sm" maw={220} style={{ overflowWrap: "anywhere" }}>
                  {who}
                  {entry.ip && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {entry.ip}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{what}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entry.action}
                  </Text>
                  <ActivityChanges entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={type.color} radius="sm" miw="max-content">
                    {type.label}
                  </Badge>
                  {entry.entityId && (
                    <Text size="xs" c="dimmed" ff="monospace" title={entry.entityId} mt={2}>
                      {entry.entityId.slice(0, 8)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TypeIcon({ type, size = "md" }: { type: string; size?: "md" | "lg" }) {
  const info = entityTypeInfo(type);
  return (
    <ThemeIcon variant="light" color={info.color} radius="xl" size={size} style={{ flexShrink: 0 }}>
      <info.icon size={size === "lg" ? 18 : 16} aria-hidden="true" />
    </ThemeIcon>
  );
}

function When({ entry }: { entry: ActivityEntry }) {
  return <time dateTime={entry.time_created}>{formatDateTime(entry.time_created)}</time>;
}
