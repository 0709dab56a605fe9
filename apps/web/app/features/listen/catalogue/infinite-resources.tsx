import { Button, Center, Stack, Text } from "@mantine/core";
import { type InfiniteData, useInfiniteQuery, type UseInfiniteQueryOptions } from "@tanstack/react-query";
import { LoadError } from "../../../components/ui/load-error";
import type { ListPage } from "../../../lib/api-client";
import type { AppResource } from "@serene/contract";
import { PageLoading } from "../shared/cover-art";
import { ResourceGrid } from "./resource-card";

type Page = ListPage<AppResource, { nextCursor: string | null }>;

/** A cursor list of content as a grid, with "Show more". */
export function InfiniteResources<K extends readonly unknown[]>({
  query,
  label,
  empty,
}: {
  query: UseInfiniteQueryOptions<Page, Error, InfiniteData<Page>, K, string | undefined>;
  label: string;
  empty: string;
}) {
  const list = useInfiniteQuery(query);
  if (list.isPending) {
    return <PageLoading />;
  }
  if (list.isError)
    return (
      <LoadError title="Could not load this list" error={list.error} onRetry={() => void list.refetch()} />
    );
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="md">
      <ResourceGrid items={items} label={label} eager />
      {list.hasNextPage && (
        <Center>
          <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Show more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
