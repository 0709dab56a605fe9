import { TRASH_DAYS, type TrashBulkBody, type TrashItem, trashKinds, trashSorts } from "@serene/contract";
import { IconRestore, IconTrashX } from "@tabler/icons-react";
import { AdminList } from "../../components/ui/admin-list";
import type { BulkAction, RunBulk } from "../../components/ui/bulk-bar";
import { ListEmpty } from "../../components/ui/list-panel";
import { SearchStateFilterBar } from "../../components/ui/search-state-filter-bar";
import { bulkTrash, useRestoreFromTrash } from "../../lib/trash";
import { trashKindLabels, trashTable } from "../../features/trash/components/trash-table";
import { useTrashFilters, useTrashList } from "../../features/trash/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useRefreshAfter } from "../../lib/query-keys";
import type { Route } from "./+types/trash";

const page: PageInfo = {
  title: "Trash",
  description: `Users and contents deleted from the back office. They are hidden everywhere and can be restored for ${TRASH_DAYS} days; then they are deleted for good.`,
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

type TrashAction = "restore" | "purge";

const bulkActions: BulkAction<TrashAction>[] = [
  { action: "restore", label: "Restore", icon: <IconRestore size={16} aria-hidden="true" /> },
  {
    action: "purge",
    label: "Delete forever",
    danger: true,
    icon: <IconTrashX size={16} aria-hidden="true" />,
  },
];

const kindOptions = trashKinds.map((kind) => ({ value: kind, label: trashKindLabels[kind] }));

export default function Trash() {
  const [filters, setFilters] = useTrashFilters();
  const filtered = Boolean(filters.q || filters.kind);
  const list = useTrashList(filters);
  const restore = useRestoreFromTrash();
  const refreshAfter = useRefreshAfter();

  const run: RunBulk<TrashAction> = async (action, target) => {
    const answer = await bulkTrash({ action, ...target } as TrashBulkBody);
    await refreshAfter("trash");
    return answer;
  };

  return (
    <AdminList
      items="deleted items"
      filtered={filtered}
      description={page.description}
      list={list}
      toolbar={
        // The shared search-and-state bar, its "state" being the trash's kind (user or content).
        <SearchStateFilterBar
          filters={{ page: filters.page, q: filters.q, state: filters.kind }}
          onChange={(change, options) => {
            const { state, ...rest } = change;
            setFilters("state" in change ? { ...rest, kind: state } : rest, options);
          }}
          searchLabel="Search the trash by name, title or e-mail"
          searchPlaceholder="Search by name, title or e-mail"
          stateLabel="Kind"
          stateOptions={kindOptions}
          allStates="Users and contents"
        />
      }
      loadingLabel="Loading the trash"
      errorTitle="The trash could not be loaded"
      empty={
        <ListEmpty
          filtered={filtered}
          noMatch="Nothing in the trash matches these filters"
          onClear={() => setFilters({ q: undefined, kind: undefined })}
          none="The trash is empty"
          hint={`Users and contents you delete stay here for ${TRASH_DAYS} days.`}
        />
      }
      query={filters}
      setQuery={setFilters}
      sorts={trashSorts}
      table={{ ...trashTable((item: TrashItem) => void restore([item._id])), label: "Trash" }}
      bulk={{
        noun: ["item", "items"],
        name: (item) => item.name,
        actions: bulkActions,
        run,
      }}
    />
  );
}
