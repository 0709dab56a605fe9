import { Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { EligibilityDiff } from "@serene/contract";
import type { ReactNode } from "react";
import { formatCount, formatDate } from "../../../lib/format";

/** A long list shows its first rows and says how many more there are. */
const SHOWN = 100;

function More({ total }: { total: number }) {
  return total > SHOWN ? (
    <Text size="sm" c="dimmed">
      …and {formatCount(total - SHOWN)} more.
    </Text>
  ) : null;
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fz="xl" fw={700}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What a staff list does (or did, applied): the figures, then who is invited, who loses a seat, which lines failed. */
export function StaffListDiff({ diff }: { diff: EligibilityDiff }) {
  const verb = diff.applied ? "" : " would";
  return (
    <Stack
      component="section"
      gap="md"
      aria-label={diff.applied ? "What the staff list did" : "Dry run: what the staff list would do"}
    >
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Figure label={diff.applied ? "Invited" : "To invite"} value={diff.invite.length} />
        <Figure label="Already in" value={diff.keep} />
        <Figure
          label={diff.applied ? "Losing their seat" : "To lose their seat"}
          value={diff.remove.length}
        />
        <Figure label="Seats to buy" value={diff.needSeats} />
        <Figure label="Lines with errors" value={diff.errors.length} />
      </SimpleGrid>
      {diff.invite.length > 0 && (
        <Part title={`Invited${diff.applied ? "" : " when you apply"}`}>
          <Text size="sm" component="ul" m={0} pl="lg">
            {diff.invite.slice(0, SHOWN).map((row) => (
              <li key={row.email}>{row.email}</li>
            ))}
          </Text>
          <More total={diff.invite.length} />
        </Part>
      )}
      {diff.remove.length > 0 && (
        <Part title="No longer listed">
          <Text size="sm">These people{verb} lose their seat on the day shown, each told by e-mail.</Text>
          <Text size="sm" component="ul" m={0} pl="lg">
            {diff.remove.slice(0, SHOWN).map((row) => (
              <li key={row.seatId}>
                {row.email}: seat freed on {formatDate(row.freesOn)}
              </li>
            ))}
          </Text>
          <More total={diff.remove.length} />
        </Part>
      )}
      {diff.errors.length > 0 && (
        <Part title="Lines with errors">
          <Text size="sm">These lines are left out. Correct them in the file and check it again.</Text>
          <Table.ScrollContainer minWidth={360}>
            <Table aria-label="Lines with errors" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diff.errors.slice(0, SHOWN).map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>{row.line}</Table.Td>
                    <Table.Td>{row.email || "—"}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <More total={diff.errors.length} />
        </Part>
      )}
    </Stack>
  );
}
