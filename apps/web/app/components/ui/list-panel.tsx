import { Button, Center, Loader, Paper, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import type { PageMeta } from "@serene/contract";
import { ListFooter } from "./list-footer";
import type { ListPage } from "../../lib/api-client";
import { LoadError } from "./load-error";

interface ListPanelProps<T> {
  /** One page of the list (its items and meta), as a query. */
  list: UseQueryResult<ListPage<T, PageMeta>, Error>;
  /** Search and filters, above the rows. */
  toolbar?: ReactNode;
  /** Names the spinner ("Loading users") and the error ("The users could not be loaded"). */
  loadingLabel: string;
  errorTitle: string;
  /** Shown when the page holds no rows (`ListEmpty`). */
  empty: ReactNode;
  /** The page the URL asks for, and how to go to another. */
  page: number;
  onPage: (page: number, options?: { replace?: boolean }) => void;
  children: (rows: T[]) => ReactNode;
}

/**
 * A back-office list in its panel: the toolbar, then a spinner, the error with Try again, the
 * empty state, or the rows and their pages. Past the last page (its last row went away, or an
 * old link), it goes to the last one.
 */
export function ListPanel<T>({
  list,
  toolbar,
  loadingLabel,
  errorTitle,
  empty,
  page,
  onPage,
  children,
}: ListPanelProps<T>) {
  const pages = list.isPlaceholderData ? undefined : list.data?.meta.pages;
  useEffect(() => {
    if (pages && page > pages) onPage(pages, { replace: true });
  }, [pages, page, onPage]);

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        {toolbar}
        {list.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label={loadingLabel} />
          </Center>
        ) : list.isError ? (
          <LoadError title={errorTitle} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          empty
        ) : (
          <>
            {children(list.data.items)}
            <ListFooter meta={list.data.meta} onPage={(next) => onPage(next)} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

interface ListEmptyProps {
  /** Whether a search or filter is applied. */
  filtered: boolean;
  /** The heading then ("No user matches this search"), and the way back to everything. */
  noMatch: string;
  onClear: () => void;
  clearLabel?: string;
  /** The heading without filters ("No users yet"), and a hint on what fills the list. */
  none: string;
  hint: string;
}

/** An empty list: none match the filters (with a way to clear them), or there are none yet. */
export function ListEmpty({
  filtered,
  noMatch,
  onClear,
  clearLabel = "Clear filters",
  none,
  hint,
}: ListEmptyProps) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={700} ta="center">
        {filtered ? noMatch : none}
      </Text>
      {filtered ? (
        <Button variant="light" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : (
        <Text c="dimmed" size="sm" ta="center">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
