import {
  ActionIcon,
  Box,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  type TableTdProps,
  type TableTrProps,
  UnstyledButton,
} from "@mantine/core";
import type { SortDirection } from "@serene/contract";
import { useElementSize } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import type { ChangeEvent, MouseEvent, ReactNode } from "react";
import type { RowSelection } from "../../lib/use-row-selection";
import { usePhone } from "./use-phone";

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Props of the column's cells (width, nowrap, …). */
  td?: TableTdProps;
  /** The list's sort field this column orders by (a header to click); none when it cannot sort. */
  sort?: string;
}

/** The cells of a column of figures or dates: on one line, digits of one width (they line up). */
export const numericCell = { style: { whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" } } as const;

/** The order a list is shown in, and how to change it (a click on a column's header). */
export interface TableOrder {
  field: string;
  direction: SortDirection;
  onSort: (field: string) => void;
}

/** Picking rows: the selection, and each row's name (the checkbox's label). */
export interface TableSelection<T> {
  state: RowSelection;
  name: (row: T) => string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table (and the list of cards) for screen readers. */
  label: string;
  columns: readonly DataColumn<T>[];
  /**
   * The narrowest the table reads well: where the list has less room (a phone, a narrow window),
   * its rows show as cards, so a table never scrolls sideways and its row actions stay in view.
   */
  minWidth: number;
  /** A row as a card, on phones. */
  card: (row: T) => ReactNode;
  /** Opens a row when it is clicked anywhere; a button in the row must do the same for keyboards. */
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => TableTrProps;
  order?: TableOrder;
  selection?: TableSelection<T>;
}

const headerStyle = { letterSpacing: "0.04em", whiteSpace: "nowrap" } as const;

/** A back-office table's header row: the column names, small and upper-case. */
export function TableHeader({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} tt="uppercase" fz="xs" c="dimmed" style={headerStyle}>
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** A sortable column's header: a button (keyboard reachable) and `aria-sort` on the cell. */
function SortHeader({ header, field, order }: { header: string; field: string; order: TableOrder }) {
  const active = order.field === field;
  const Icon = !active ? IconArrowsSort : order.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (order.direction === "asc" ? "ascending" : "descending") : "none"}
      style={headerStyle}
    >
      <UnstyledButton
        onClick={() => order.onSort(field)}
        fz="xs"
        tt="uppercase"
        fw={700}
        c={active ? undefined : "dimmed"}
      >
        <Group gap={4} wrap="nowrap">
          {header}
          <Icon size={14} aria-hidden="true" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The checkbox picking one row; shift-click picks the range from the row clicked before. */
function RowCheckbox<T>({
  row,
  selection,
  pageIds,
  id,
}: {
  row: T;
  selection: TableSelection<T>;
  pageIds: string[];
  id: string;
}) {
  return (
    <Checkbox
      aria-label={`Select ${selection.name(row)}`}
      checked={selection.state.isSelected(id)}
      // React's change event of a checkbox is its click: it carries the Shift key.
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        selection.state.toggle(
          id,
          pageIds,
          (event.nativeEvent as unknown as { shiftKey?: boolean }).shiftKey === true,
        )
      }
    />
  );
}

/** Picks or drops the whole page (half-checked when only some of it is picked). */
function PageCheckbox({ state, pageIds }: { state: RowSelection; pageIds: string[] }) {
  const picked = pageIds.filter((id) => state.isSelected(id)).length;
  return (
    <Checkbox
      aria-label="Select every row of this page"
      checked={picked > 0 && picked === pageIds.length}
      indeterminate={picked > 0 && picked < pageIds.length}
      onChange={() => state.setPage(pageIds, picked < pageIds.length)}
    />
  );
}

/** On phones (cards have no headers): the sort as a select and a direction button. */
function PhoneSort<T>({ columns, order }: { columns: readonly DataColumn<T>[]; order: TableOrder }) {
  const sortable = columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  const ascending = order.direction === "asc";
  return (
    <Group gap={6} wrap="nowrap" style={{ flex: 1 }} justify="flex-end">
      <Select
        aria-label="Sort by"
        size="xs"
        data={sortable.map((column) => ({ value: column.sort!, label: column.header }))}
        value={sortable.some((column) => column.sort === order.field) ? order.field : null}
        placeholder="Sort by"
        onChange={(field) => field && field !== order.field && order.onSort(field)}
        allowDeselect={false}
        style={{ flex: "0 1 160px" }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={ascending ? "Sorted ascending: sort descending" : "Sorted descending: sort ascending"}
        onClick={() => order.onSort(order.field)}
      >
        {ascending ? (
          <IconArrowUp size={16} aria-hidden="true" />
        ) : (
          <IconArrowDown size={16} aria-hidden="true" />
        )}
      </ActionIcon>
    </Group>
  );
}

/** Clicks on a row's own controls (and on menus or dialogs opened from them) are theirs alone. */
function fromControl(event: MouseEvent) {
  const target = event.target as Element;
  return (
    !event.currentTarget.contains(target) || target.closest("a, button, input, label, [role='menuitem']")
  );
}

/**
 * A back-office table, or on phones a list of cards: headers that sort (when the list gives an
 * order), and a checkbox per row and for the page (when it gives a selection).
 */
export function DataTable<T>({
  rows,
  rowKey,
  label,
  columns,
  minWidth,
  card,
  onRowClick,
  rowProps,
  order,
  selection,
}: DataTableProps<T>) {
  const phone = usePhone();
  const { ref, width } = useElementSize();
  const pageIds = rows.map(rowKey);
  // Measured once laid out (0 before): a table only where it fits.
  const cards = phone || (width > 0 && width < minWidth);

  return <Box ref={ref}>{cards ? cardList() : table()}</Box>;

  function cardList() {
    return (
      <Stack gap="sm">
        {(selection || order) && (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            {selection && (
              <Group gap={8} wrap="nowrap">
                <PageCheckbox state={selection.state} pageIds={pageIds} />
                <Box fz="sm" c="dimmed" aria-hidden="true">
                  Page
                </Box>
              </Group>
            )}
            {order && <PhoneSort columns={columns} order={order} />}
          </Group>
        )}
        <Stack gap="sm" component="ul" m={0} p={0} aria-label={label} style={{ listStyle: "none" }}>
          {rows.map((row, index) => (
            <Paper key={pageIds[index]} component="li" withBorder radius="md" p="sm">
              {selection ? (
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <RowCheckbox row={row} selection={selection} pageIds={pageIds} id={pageIds[index]!} />
                  <Box miw={0} style={{ flex: 1 }}>
                    {card(row)}
                  </Box>
                </Group>
              ) : (
                card(row)
              )}
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  function table() {
    return (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="xs" horizontalSpacing="xs" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40}>
                  <PageCheckbox state={selection.state} pageIds={pageIds} />
                </Table.Th>
              )}
              {columns.map((column) =>
                order && column.sort ? (
                  <SortHeader key={column.header} header={column.header} field={column.sort} order={order} />
                ) : (
                  <Table.Th key={column.header} tt="uppercase" fz="xs" c="dimmed" style={headerStyle}>
                    {column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const id = pageIds[index]!;
              return (
                <Table.Tr
                  key={id}
                  {...rowProps?.(row)}
                  {...(selection?.state.isSelected(id) && { bg: "var(--mantine-primary-color-light)" })}
                  {...(onRowClick && {
                    onClick: (event: MouseEvent<HTMLTableRowElement>) => {
                      if (!fromControl(event)) onRowClick(row);
                    },
                    style: { cursor: "pointer" },
                  })}
                >
                  {selection && (
                    <Table.Td>
                      <RowCheckbox row={row} selection={selection} pageIds={pageIds} id={id} />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td key={column.header} {...column.td}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
}
