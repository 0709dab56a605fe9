import { endpoints } from "@serene/contract/endpoints";
import { ACCOUNT_DELETION_DAYS, deletionRequestSorts, deletionStates } from "@serene/contract";
import { AdminList } from "../../components/ui/admin-list";
import { ListEmpty } from "../../components/ui/list-panel";
import { SearchStateFilterBar } from "../../components/ui/search-state-filter-bar";
import { stateOptionsOf } from "../../components/ui/state-badge";
import {
  deletionRequestTable,
  deletionStateLooks,
} from "../../features/support/components/deletion-requests-table";
import { useDecideDeletionRequest } from "../../features/support/actions";
import { useDeletionRequestFilters, useDeletionRequestList } from "../../features/support/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/deletion-requests";

const page: PageInfo = {
  title: "Deletion requests",
  description: `Requests to delete an account, made on the website. An account is deleted ${ACCOUNT_DELETION_DAYS} days after its request unless its user is active again; delete it now, or cancel the request.`,
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const stateOptions = stateOptionsOf(deletionStates, deletionStateLooks);

export default function DeletionRequests() {
  const [filters, setFilters] = useDeletionRequestFilters();
  const filtered = Boolean(filters.q || filters.state);
  const list = useDeletionRequestList(filters);
  const pending = useDeletionRequestList({ state: "pending", limit: 1 }).data?.meta.total;
  const decide = useDecideDeletionRequest();

  return (
    <AdminList
      exportEndpoint={endpoints.support.exportDeletionRequests}
      items="requests"
      filtered={filtered}
      pending={{ count: pending, label: "pending" }}
      description={page.description}
      list={list}
      toolbar={
        <SearchStateFilterBar
          filters={filters}
          onChange={setFilters}
          searchLabel="Search requests by e-mail"
          searchPlaceholder="Search by e-mail"
          stateLabel="State"
          stateOptions={stateOptions}
          allStates="All states"
        />
      }
      loadingLabel="Loading deletion requests"
      errorTitle="The deletion requests could not be loaded"
      empty={
        <ListEmpty
          filtered={filtered}
          noMatch="No request matches these filters"
          onClear={() => setFilters({ q: undefined, state: undefined })}
          none="No deletion requests yet"
          hint="Requests made on the Delete account page appear here."
        />
      }
      query={filters}
      setQuery={setFilters}
      sorts={deletionRequestSorts}
      table={{ ...deletionRequestTable(decide), label: "Deletion requests" }}
    />
  );
}
