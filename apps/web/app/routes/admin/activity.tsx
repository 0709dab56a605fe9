import { Button, Group, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { ListEmpty, ListPanel } from "../../components/ui/list-panel";
import { ListTitle } from "../../components/ui/list-title";
import { ActivityFilterBar } from "../../features/activity/components/activity-filter-bar";
import { ActivityTable } from "../../features/activity/components/activity-table";
import { useActivityList } from "../../features/activity/hooks/use-activity";
import { activityExportHref } from "../../features/activity/api/activity";
import {
  activityExportFilter,
  activityRequest,
  isFiltered,
  noFilters,
  useActivityFilters,
} from "../../features/activity/hooks/use-activity-filters";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/activity";

const page: PageInfo = {
  title: "Activity Log",
  description:
    "Every change, sign-in and export: who, what, when, from which address, and the fields before and after.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Activity() {
  const [filters, setFilters] = useActivityFilters();
  const list = useActivityList(activityRequest(filters));
  const filtered = isFiltered(filters);
  const total = list.data && !list.isPlaceholderData ? list.data.meta.total : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <ListTitle title={filtered ? "Matching entries" : "All entries"} count={total} />
          <Text c="dimmed" size="sm">
            {page.description} Sign-ups, purchases and requests from the website and the app are here too.
          </Text>
        </div>
        <Button
          component="a"
          href={activityExportHref(activityExportFilter(filters))}
          download
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          disabled={total === 0}
        >
          Export CSV
        </Button>
      </Group>
      <ListPanel
        list={list}
        toolbar={<ActivityFilterBar filters={filters} onChange={setFilters} />}
        loadingLabel="Loading the activity log"
        errorTitle="The activity log could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch="No entries match these filters."
            onClear={() => setFilters(noFilters)}
            none="Nothing has happened yet."
            hint="Changes made in the back office and events from the website appear here."
          />
        }
        page={filters.page}
        onPage={(next, options) => setFilters({ page: next }, options)}
      >
        {(entries) => <ActivityTable entries={entries} />}
      </ListPanel>
    </Stack>
  );
}
