import { endpoints } from "@serene/contract/endpoints";
import { Button } from "@mantine/core";
import {
  type Resource,
  type ResourceBulkBody,
  resourceListQuerySchema,
  resourceSorts,
} from "@serene/contract";
import { IconCircleCheck, IconCircleX, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useMe } from "../../lib/shared-api";
import { AdminList } from "../../components/ui/admin-list";
import type { BulkAction, RunBulk } from "../../components/ui/bulk-bar";
import { ListEmpty } from "../../components/ui/list-panel";
import { bulkResources, useResourceList } from "../../features/resources/api";
import {
  ContentFilterBar,
  isContentFiltered,
  noContentFilters,
} from "../../features/resources/components/content-filter-bar";
import { ContentPlayerBar, usePlaying } from "../../features/resources/components/content-audio";
import { ContentModal } from "../../features/resources/components/content-modal";
import { ContentStatsModal } from "../../features/resources/components/content-stats-modal";
import { contentTable } from "../../features/resources/components/content-table";
import { useDeleteResource } from "../../features/resources/actions";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useRefreshAfter } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/content-page";

const page: PageInfo = {
  title: "Contents",
  description:
    "The audio content (resources) of the app: create, edit and delete it here, review what hosts send, and see how each is listened to.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

type ContentAction = ResourceBulkBody["action"];
const bulkActions: BulkAction<ContentAction>[] = [
  { action: "publish", label: "Publish", icon: <IconCircleCheck size={16} aria-hidden="true" /> },
  {
    action: "decline",
    label: "Decline",
    icon: <IconCircleX size={16} aria-hidden="true" />,
    text: { label: "Feedback for the uploaders (required)", required: true },
  },
  {
    action: "delete",
    label: "Delete",
    danger: true,
    undoable: true,
    icon: <IconTrash size={16} aria-hidden="true" />,
  },
];

export default function ContentPage() {
  const [filters, setFilters] = useListQuery(resourceListQuerySchema);
  const filtered = isContentFiltered(filters);
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
  const player = usePlaying();
  const refreshAfter = useRefreshAfter();
  // The export is an admin's (an editor would only hear 403); the bulk actions are an editor's too.
  const admin = useMe().data?.user_role === "admin";

  const run: RunBulk<ContentAction> = async (action, target, text) => {
    const body = (
      action === "delete" ? { action, ...target } : { action, ...target, feedback: text }
    ) as ResourceBulkBody;
    const answer = await bulkResources(body);
    await refreshAfter("catalogue");
    return answer;
  };

  return (
    <>
      <AdminList
        exportEndpoint={admin ? endpoints.resources.export : undefined}
        title={filters.reviewState === "pending" ? "Pending review" : filtered ? "Contents" : "All Contents"}
        count={everything.data?.meta.total}
        filteredOf={{ filtered, noun: "contents" }}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setModal({ opened: true, resource: null })}
          >
            Create Content
          </Button>
        }
        list={list}
        toolbar={
          <ContentFilterBar
            filters={filters}
            onChange={setFilters}
            uploaderEmail={filters.uploader ? list.data?.items[0]?.userEmail : undefined}
          />
        }
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
            onClear={() => setFilters(noContentFilters)}
            none="No contents yet"
            hint="Create the first one with Create Content."
          />
        }
        query={filters}
        setQuery={setFilters}
        sorts={resourceSorts}
        table={{
          ...contentTable({
            onEdit: (resource) => setModal({ opened: true, resource }),
            onDelete: confirmDelete,
            onStats: setStatsOf,
            onPlay: player.play,
          }),
          label: "Contents",
        }}
        bulk={{
          noun: ["content", "contents"],
          name: (resource) => resource.title,
          actions: bulkActions,
          run,
        }}
      />

      <ContentPlayerBar playing={player.playing} onClose={player.stop} />
      <ContentModal opened={modal.opened} onClose={closeModal} resource={modal.resource} />
      <ContentStatsModal resource={statsOf} onClose={() => setStatsOf(null)} />
    </>
  );
}
