import { Button, Group, Stack } from "@mantine/core";
import { type Resource, resourceListQuerySchema } from "@serene/contract";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ListEmpty, ListPanel } from "../../components/ui/list-panel";
import { ListTitle } from "../../components/ui/list-title";
import { ContentFilterBar } from "../../features/resources/components/content-filter-bar";
import { ContentList } from "../../features/resources/components/content-list";
import { ContentModal } from "../../features/resources/components/content-modal";
import { ContentStatsModal } from "../../features/resources/components/content-stats-modal";
import { useDeleteResource } from "../../features/resources/hooks/use-delete-resource";
import { useResourceList } from "../../features/resources/hooks/use-resource-list";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/content-page";

const page: PageInfo = {
  title: "Contents",
  description:
    "The audio content (resources) of the app: create, edit and delete it here, review what hosts send, and see how each is listened to.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function ContentPage() {
  const [filters, setFilters] = useListQuery(resourceListQuerySchema);
  const filtered = Boolean(
    filters.q || filters.mood || filters.interest || filters.paymentType || filters.reviewState,
  );
  const list = useResourceList(filters);
  // The heading counts every content; unfiltered, the page's own answer already says how many.
  const everything = useResourceList(filtered ? { limit: 1 } : filters);

  const [modal, setModal] = useState<{ opened: boolean; resource: Resource | null }>({
    opened: false,
    resource: null,
  });
  const closeModal = () => setModal((current) => ({ ...current, opened: false }));
  const confirmDelete = useDeleteResource();
  const [statsOf, setStatsOf] = useState<Resource | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <ListTitle title="All Contents" count={everything.data?.meta.total} />
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setModal({ opened: true, resource: null })}
        >
          Create Content
        </Button>
      </Group>

      <ListPanel
        list={list}
        toolbar={<ContentFilterBar filters={filters} onChange={setFilters} />}
        loadingLabel="Loading contents"
        errorTitle="The contents could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={
              filters.reviewState === "pending"
                ? "Nothing waits for review"
                : "No content matches these filters"
            }
            onClear={() =>
              setFilters({
                q: undefined,
                mood: undefined,
                interest: undefined,
                paymentType: undefined,
                reviewState: undefined,
              })
            }
            none="No contents yet"
            hint="Create the first one with Create Content."
          />
        }
        page={filters.page}
        onPage={(next, options) => setFilters({ page: next }, options)}
      >
        {(resources) => (
          <ContentList
            resources={resources}
            onEdit={(resource) => setModal({ opened: true, resource })}
            onDelete={confirmDelete}
            onStats={setStatsOf}
          />
        )}
      </ListPanel>

      <ContentModal opened={modal.opened} onClose={closeModal} resource={modal.resource} />
      <ContentStatsModal resource={statsOf} onClose={() => setStatsOf(null)} />
    </Stack>
  );
}
