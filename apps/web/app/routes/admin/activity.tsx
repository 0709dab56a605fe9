import { Button } from "@mantine/core";
import { activitySorts } from "@serene/contract";
import { IconDownload } from "@tabler/icons-react";
import { AdminList, listedTotal } from "../../components/ui/admin-list";
import { ListEmpty } from "../../components/ui/list-panel";
import {
  activityExportFilter,
  activityExportHref,
  activityRequest,
  isFiltered,
  noFilters,
  useActivityFilters,
  useActivityList,
} from "../../features/activity/api";
import { ActivityFilterBar } from "../../features/activity/components/activity-filter-bar";
import { activityTable } from "../../features/activity/components/activity-table";
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

  return (
    <AdminList
      items="entries"
      filtered={filtered}
      description={`${page.description} Sign-ups, purchases and requests from the website and the app are here too.`}
      actions={
        // The days are local (the browser's), so the export is asked for with the instants they mean.
        <Button
          component="a"
          href={activityExportHref(activityExportFilter(filters))}
          download
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          disabled={listedTotal(list) === 0}
        >
          Export CSV
        </Button>
      }
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
      query={filters}
      setQuery={setFilters}
      sorts={activitySorts}
      table={{ ...activityTable, label: "Activity" }}
    />
  );
}
