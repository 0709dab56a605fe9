import { Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { ListFooter } from "../../components/ui/list-footer";
import { LoadError } from "../../components/ui/load-error";
import { ActivityFilterBar } from "../../features/activity/components/activity-filter-bar";
import { ActivityTable } from "../../features/activity/components/activity-table";
import { useActivityList } from "../../features/activity/hooks/use-activity";
import { useActivityFilters } from "../../features/activity/hooks/use-activity-filters";
import { formatCount } from "../../lib/format";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/activity";

const page: PageInfo = {
  title: "Activity Log",
  description: "Every change made by an administrator: who, what and when.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const PAGE_SIZE = 25;

export default function Activity() {
  const [filters, setFilters] = useActivityFilters();
  const list = useActivityList({
    page: filters.page,
    limit: PAGE_SIZE,
    entityType: filters.entityType ?? undefined,
    action: filters.action ?? undefined,
    actor: filters.actor ?? undefined,
  });
  const filtered = Boolean(filters.entityType || filters.action || filters.actor);

  const pages = list.isPlaceholderData ? undefined : list.data?.meta.pages;
  useEffect(() => {
    if (pages && filters.page > pages) setFilters({ page: pages });
  }, [pages, filters.page, setFilters]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          {filtered ? "Matching entries" : "All entries"}
          {list.data && !list.isPlaceholderData ? ` (${formatCount(list.data.meta.total)})` : ""}
        </Title>
        <Text c="dimmed" size="sm">
          {page.description} Sign-ups, purchases and requests from the website and the app are here too.
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Stack gap="md">
          <ActivityFilterBar filters={filters} onChange={setFilters} />
          {list.isPending ? (
            <Center py="xl">
              <Loader role="status" aria-label="Loading the activity log" />
            </Center>
          ) : list.isError ? (
            <LoadError
              title="The activity log could not be loaded"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {filtered ? "No entries match these filters." : "Nothing has happened yet."}
            </Text>
          ) : (
            <>
              <ActivityTable entries={list.data.data} />
              <ListFooter meta={list.data.meta} onPage={(next) => setFilters({ page: next })} />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
