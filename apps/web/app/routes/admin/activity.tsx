import { Stack, Text } from "@mantine/core";
import { ListEmpty, ListPanel } from "../../components/ui/list-panel";
import { ListTitle } from "../../components/ui/list-title";
import { ActivityFilterBar } from "../../features/activity/components/activity-filter-bar";
import { ActivityTable } from "../../features/activity/components/activity-table";
import { useActivityList } from "../../features/activity/hooks/use-activity";
import { useActivityFilters } from "../../features/activity/hooks/use-activity-filters";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/activity";

const page: PageInfo = {
  title: "Activity Log",
  description: "Every change made by an administrator: who, what and when.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Activity() {
  const [filters, setFilters] = useActivityFilters();
  const { actorEmail: _label, ...request } = filters;
  const list = useActivityList(request);
  const filtered = Boolean(filters.entityType || filters.action || filters.actor);

  return (
    <Stack gap="lg">
      <div>
        <ListTitle
          title={filtered ? "Matching entries" : "All entries"}
          count={list.data && !list.isPlaceholderData ? list.data.meta.total : undefined}
        />
        <Text c="dimmed" size="sm">
          {page.description} Sign-ups, purchases and requests from the website and the app are here too.
        </Text>
      </div>
      <ListPanel
        list={list}
        toolbar={<ActivityFilterBar filters={filters} onChange={setFilters} />}
        loadingLabel="Loading the activity log"
        errorTitle="The activity log could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch="No entries match these filters."
            onClear={() =>
              setFilters({
                entityType: undefined,
                action: undefined,
                actor: undefined,
                actorEmail: undefined,
              })
            }
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
