import { Box, Table, Text } from "@mantine/core";
import type { ActivityEntry } from "@serene/contract";

/** A logged value as text: strings as they are, anything else as JSON, none as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The fields a write changed, before and after (a creation has no before, a deletion no after),
 * folded away under a summary that says how many.
 */
export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const fields = Object.keys({ ...entry.before, ...entry.after });
  if (fields.length === 0) return null;
  const label = fields.length === 1 ? "1 field" : `${fields.length} fields`;
  return (
    <Box component="details" mt={4}>
      <Text component="summary" size="xs" style={{ cursor: "pointer", color: "var(--mantine-color-anchor)" }}>
        {entry.before && entry.after ? `${label} changed` : entry.after ? `${label} set` : `${label} removed`}
      </Text>
      <Table.ScrollContainer minWidth={320} type="native">
        <Table fz="xs" verticalSpacing={4} horizontalSpacing="xs" mt={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              {entry.before && <Table.Th scope="col">Before</Table.Th>}
              {entry.after && <Table.Th scope="col">After</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" ff="monospace" fw={500}>
                  {field}
                </Table.Th>
                {entry.before && (
                  <Table.Td maw={260} style={{ overflowWrap: "anywhere" }}>
                    {shown(entry.before[field])}
                  </Table.Td>
                )}
                {entry.after && (
                  <Table.Td maw={260} style={{ overflowWrap: "anywhere" }}>
                    {shown(entry.after[field])}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
