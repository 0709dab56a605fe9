import { Badge, Group, Stack, Text } from "@mantine/core";
import { type Endpoint, type PageMeta, type SortDirection, type SortSpec, orderOf } from "@serene/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ListPage } from "../../lib/api-client";
import { formatCount } from "../../lib/format";
import type { SetListQuery } from "../../lib/use-list-query";
import { useRowSelection } from "../../lib/use-row-selection";
import { type BulkAction, BulkBar, type RunBulk } from "./bulk-bar";
import { type DataColumn, DataTable, type DataTableProps } from "./data-table";
import { ExportCsvButton } from "./export-csv-button";
import { ListPanel } from "./list-panel";
import { ListTitle } from "./list-title";

/** The request of a back-office list kept in the URL: its page, order, and filters. */
export interface AdminListQuery {
  page: number;
  limit?: number;
  sort?: string;
  direction?: SortDirection | undefined;
}

/**
 * The list's title: as it is, or from what it lists ("messages"): "All messages", or "Matching
 * messages" while a search or filter narrows it.
 */
type AdminListTitle = { title: string } | { items: string; filtered: boolean };

/** How many the list's answer holds, or undefined while it shows the previous request's (placeholder). */
export function listedTotal(list: UseQueryResult<ListPage<unknown, PageMeta>, Error>) {
  return list.data && !list.isPlaceholderData ? list.data.meta.total : undefined;
}

type AdminListProps<T, Q extends AdminListQuery, A extends string> = AdminListTitle & {
  /** How many, beside the title: the list's total unless told otherwise (the users of every audience). */
  count?: number;
  /**
   * With `count` (every row), while a filter narrows the list: the heading says how many of them it
   * shows, and what they are ("Pending review: 1 of 13 contents").
   */
  filteredOf?: { filtered: boolean; noun: string };
  /** How many wait for someone, a badge beside the title while there are any: "3 unread". */
  pending?: { count: number | undefined; label: string };
  description?: ReactNode;
  /** The header's buttons (Create User, …): whatever a page adds there. */
  actions?: ReactNode;
  /** The list's export (`endpoints.users.export`): the header offers Export CSV of the list as filtered. */
  exportEndpoint?: Endpoint;
  /** The export takes the list's order too (its `sort` and `direction`): the rows come as the table shows them. */
  exportSorted?: boolean;
  /** Between the header and the list (an audience switch). */
  above?: ReactNode;
  list: UseQueryResult<ListPage<T, PageMeta>, Error>;
  /** Search and filters. */
  toolbar?: ReactNode;
  loadingLabel: string;
  errorTitle: string;
  empty: ReactNode;
  /** The list's request (from the URL) and how to change it. */
  query: Q;
  setQuery: SetListQuery<Q>;
  /** The list's orders (the contract's), when its headers sort. */
  sorts?: SortSpec<string, string>;
  /** The table: columns (a column with `sort` sorts), cards on phones, row names. */
  table: Omit<DataTableProps<T>, "rows" | "order" | "selection">;
  /** Picking rows and acting on them at once: what a row is called, the actions, the request. */
  bulk?: {
    noun: readonly [one: string, many: string];
    name: (row: T) => string;
    actions: readonly BulkAction<A>[];
    run: RunBulk<A>;
  };
};

/** The list's filter: its request less the page and order (what "all matching" sends). */
function filterOf(query: AdminListQuery): object {
  const { page: _page, limit: _limit, sort: _sort, direction: _direction, ...filter } = query;
  return filter;
}

/**
 * Every back-office list: its title, count and header buttons, the filters, then the rows (a
 * table whose headers sort, or cards on phones), selectable with a bar of bulk actions, and
 * their pages. Sort, filters, search and page live in the URL (`useListQuery`).
 */
export function AdminList<T, Q extends AdminListQuery, A extends string = never>({
  count: total,
  filteredOf,
  pending,
  description,
  actions,
  exportEndpoint,
  exportSorted,
  above,
  list,
  toolbar,
  loadingLabel,
  errorTitle,
  empty,
  query,
  setQuery,
  sorts,
  table,
  bulk,
  ...named
}: AdminListProps<T, Q, A>) {
  const filter = filterOf(query);
  const title = "title" in named ? named.title : `${named.filtered ? "Matching" : "All"} ${named.items}`;
  const count = total ?? listedTotal(list);
  const shownCount = listedTotal(list);
  const shown =
    filteredOf?.filtered && total !== undefined && shownCount !== undefined
      ? { count: shownCount, noun: filteredOf.noun }
      : undefined;
  const selection = useRowSelection(JSON.stringify(filter));

  const order =
    sorts && query.sort
      ? (() => {
          const current = orderOf(sorts, query.sort, query.direction);
          return {
            ...current,
            onSort: (field: string) => {
              const direction =
                field === current.field ? (current.direction === "asc" ? "desc" : "asc") : undefined;
              setQuery({ sort: field, direction } as Partial<Q>);
            },
          };
        })()
      : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <ListTitle title={title} count={count} shown={shown}>
            {pending?.count ? (
              <Badge variant="filled" radius="sm">
                {formatCount(pending.count)} {pending.label}
              </Badge>
            ) : null}
          </ListTitle>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </div>
        {(actions || exportEndpoint) && (
          <Group gap="sm">
            {actions}
            {exportEndpoint && (
              <ExportCsvButton
                endpoint={exportEndpoint}
                filter={
                  (exportSorted
                    ? { ...filter, sort: query.sort, direction: query.direction }
                    : filter) as Record<string, string | number | undefined>
                }
                disabled={count === 0}
              />
            )}
          </Group>
        )}
      </Group>
      {above}
      <ListPanel
        list={list}
        toolbar={toolbar}
        loadingLabel={loadingLabel}
        errorTitle={errorTitle}
        empty={empty}
        page={query.page}
        onPage={(next, options) => setQuery({ page: next } as Partial<Q>, options)}
      >
        {(rows) => (
          <Stack gap="sm">
            {bulk && list.data && (
              <BulkBar
                selection={selection}
                pageIds={rows.map(table.rowKey)}
                total={list.data.meta.total}
                filter={filter}
                noun={bulk.noun}
                actions={bulk.actions}
                run={bulk.run}
              />
            )}
            <DataTable
              {...table}
              rows={rows}
              order={order}
              selection={bulk && { state: selection, name: bulk.name }}
            />
          </Stack>
        )}
      </ListPanel>
    </Stack>
  );
}

export type { DataColumn };
