import { Paper, Stack, Table, type TableTdProps, type TableTrProps } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import { usePhone } from "./use-phone";

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Props of the column's cells (width, nowrap, …). */
  td?: TableTdProps;
}

interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table (and the list of cards) for screen readers. */
  label: string;
  columns: readonly DataColumn<T>[];
  /** Below this width the table scrolls sideways inside its panel. */
  minWidth: number;
  /** A row as a card, on phones. */
  card: (row: T) => ReactNode;
  /** Opens a row when it is clicked anywhere; a button in the row must do the same for keyboards. */
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => TableTrProps;
}

/** A back-office table's header row: the column names, small and upper-case. */
export function TableHeader({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th
            key={column}
            tt="uppercase"
            fz="xs"
            c="dimmed"
            style={{ letterSpacing: "0.04em", whiteSpace: "nowrap" }}
          >
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Clicks on a row's own controls (and on menus or dialogs opened from them) are theirs alone. */
function fromControl(event: MouseEvent) {
  const target = event.target as Element;
  return !event.currentTarget.contains(target) || target.closest("a, button, input, [role='menuitem']");
}

/** A back-office table, or on phones a list of cards (as the users list). */
export function DataTable<T>({
  rows,
  rowKey,
  label,
  columns,
  minWidth,
  card,
  onRowClick,
  rowProps,
}: DataTableProps<T>) {
  const phone = usePhone();

  if (phone) {
    return (
      <Stack gap="sm" component="ul" m={0} p={0} aria-label={label} style={{ listStyle: "none" }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
            {card(row)}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label={label}>
        <TableHeader columns={columns.map((column) => column.header)} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              {...rowProps?.(row)}
              {...(onRowClick && {
                onClick: (event: MouseEvent<HTMLTableRowElement>) => {
                  if (!fromControl(event)) onRowClick(row);
                },
                style: { cursor: "pointer" },
              })}
            >
              {columns.map((column) => (
                <Table.Td key={column.header} {...column.td}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
