import { Button, Group, Stack, Text } from "@mantine/core";
import type { Business } from "@serene/contract";
import { IconBuildingStore } from "@tabler/icons-react";
import { type DataColumn, type DataTableProps, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { formatCount, plural } from "../../../lib/format";

type Open = (business: Business) => void;

/** "12 of 40 redeemed". */
const redeemedOf = (b: Business) =>
  `${formatCount(b.seats.redeemed)} of ${formatCount(b.seats.total)} redeemed`;

function OpenButton({ business, onOpen }: { business: Business; onOpen: Open }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconBuildingStore size={16} aria-hidden="true" />}
      aria-label={`Open ${business.name}`}
      onClick={() => onOpen(business)}
    >
      Open
    </Button>
  );
}

/** Businesses' columns (a click on a row opens the business) and, on phones, their cards. */
export function businessTable(onOpen: Open): Omit<DataTableProps<Business>, "rows" | "label"> {
  const columns: DataColumn<Business>[] = [
    {
      header: "Business",
      sort: "name",
      td: { miw: 160 },
      cell: (b) => (
        <Text fw={700} size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
          {b.name}
        </Text>
      ),
    },
    {
      header: "Billing e-mail",
      sort: "email",
      td: { miw: 200 },
      cell: (b) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {b.billingEmail}
        </Text>
      ),
    },
    { header: "Seats", sort: "seats", td: numericCell, cell: (b) => formatCount(b.seats.total) },
    { header: "Redeemed", td: numericCell, cell: redeemedOf },
    { header: "Free", td: numericCell, cell: (b) => formatCount(b.seats.unsent + b.seats.freed) },
    {
      header: "Next expiry",
      td: numericCell,
      cell: (b) => (b.nextExpiry ? `${b.nextExpiry.date} (${b.nextExpiry.seats})` : "—"),
    },
    { header: "Since", sort: "created", td: numericCell, cell: (b) => <DateText iso={b.createdAt} /> },
    { header: "Action", td: { w: 90 }, cell: (b) => <OpenButton business={b} onOpen={onOpen} /> },
  ];

  return {
    rowKey: (b) => b._id,
    columns,
    minWidth: 880,
    onRowClick: onOpen,
    card: (b) => (
      <Stack gap={6}>
        <Text fw={700} lh={1.3} style={{ overflowWrap: "anywhere" }}>
          {b.name}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {b.billingEmail}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
            {plural(b.seats.total, "seat")} · {redeemedOf(b)}
          </Text>
          <OpenButton business={b} onOpen={onOpen} />
        </Group>
      </Stack>
    ),
  };
}
