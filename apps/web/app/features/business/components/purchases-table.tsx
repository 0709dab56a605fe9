import { ActionIcon, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import type { Purchase } from "@serene/contract";
import { formatUsd } from "@serene/contract/business";
import { IconTicket } from "@tabler/icons-react";
import { type DataColumn, type DataTableProps, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { formatCount, plural } from "../../../lib/format";
import { PurchaseStateBadge } from "./purchase-state-badge";

/** "2 of 7 redeemed", or why there are no codes yet. */
function codesSummary(purchase: Purchase): string {
  if (purchase.codesIssued === 0) return purchase.state === "paid" ? "Codes not created yet" : "No codes";
  return `${formatCount(purchase.codesRedeemed)} of ${formatCount(purchase.codesIssued)} redeemed`;
}

type Open = (purchase: Purchase) => void;

/** The row's View codes, as an icon in the table (the row opens on click too). */
function ViewCodesIcon({ purchase, onOpen }: { purchase: Purchase; onOpen: Open }) {
  return (
    <Tooltip label="View codes" withArrow>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={`View codes of ${purchase.assignedName}`}
        onClick={() => onOpen(purchase)}
      >
        <IconTicket size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

function ViewCodes({ purchase, onOpen }: { purchase: Purchase; onOpen: Open }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTicket size={16} aria-hidden="true" />}
      aria-label={`View codes of ${purchase.assignedName}`}
      onClick={() => onOpen(purchase)}
    >
      View codes
    </Button>
  );
}

/** Business purchases' columns (a click on a row opens it) and, on phones, their cards. */
export function purchaseTable(onOpen: Open): Omit<DataTableProps<Purchase>, "rows" | "label"> {
  const columns: DataColumn<Purchase>[] = [
    {
      header: "Business",
      sort: "business",
      td: { miw: 160 },
      cell: (p) => (
        <Text fw={700} size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
          {p.assignedName}
        </Text>
      ),
    },
    {
      header: "Email",
      sort: "email",
      td: { miw: 200 },
      cell: (p) => (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {p.email}
        </Text>
      ),
    },
    { header: "Seats", sort: "seats", td: numericCell, cell: (p) => formatCount(p.totalUsers) },
    { header: "Amount", sort: "amount", td: numericCell, cell: (p) => formatUsd(p.amountCents) },
    { header: "State", sort: "state", cell: (p) => <PurchaseStateBadge state={p.state} /> },
    {
      header: "Codes",
      td: { style: { whiteSpace: "nowrap" } },
      cell: (p) => (
        <Text size="sm" c={p.codesIssued === 0 ? "dimmed" : undefined}>
          {codesSummary(p)}
        </Text>
      ),
    },
    { header: "Date", sort: "created", td: numericCell, cell: (p) => <DateText iso={p.createdAt} /> },
    { header: "Action", td: { w: 56 }, cell: (p) => <ViewCodesIcon purchase={p} onOpen={onOpen} /> },
  ];

  return {
    rowKey: (p) => p._id,
    columns,
    minWidth: 880,
    onRowClick: onOpen,
    card: (p) => (
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} lh={1.3} style={{ overflowWrap: "anywhere" }}>
            {p.assignedName}
          </Text>
          <PurchaseStateBadge state={p.state} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {p.email}
        </Text>
        <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
          {plural(p.totalUsers, "seat")} · {formatUsd(p.amountCents)} · <DateText iso={p.createdAt} />
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {codesSummary(p)}
          </Text>
          <ViewCodes purchase={p} onOpen={onOpen} />
        </Group>
      </Stack>
    ),
  };
}
