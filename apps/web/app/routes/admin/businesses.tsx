import { endpoints } from "@serene/contract/endpoints";
import { businessSorts } from "@serene/contract";
import { AdminList } from "../../components/ui/admin-list";
import { ListEmpty } from "../../components/ui/list-panel";
import { SearchInput } from "../../components/ui/search-input";
import { BusinessDrawer } from "../../features/business/components/business-drawer";
import { businessTable } from "../../features/business/components/businesses-table";
import { useBusinessFilters, useBusinessList, useOpenBusiness } from "../../features/business/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/businesses";

const page: PageInfo = {
  title: "Businesses",
  description: "Businesses that bought seats: their admins, purchases, seats by state and activity.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Businesses() {
  const [filters, setFilters] = useBusinessFilters();
  const [openId, open] = useOpenBusiness();
  const list = useBusinessList(filters);
  const filtered = Boolean(filters.q);

  return (
    <>
      <AdminList
        items="businesses"
        filtered={filtered}
        description={page.description}
        exportEndpoint={endpoints.businesses.export}
        list={list}
        toolbar={
          <SearchInput
            value={filters.q ?? ""}
            onSearch={(q) => setFilters({ q }, { replace: true })}
            label="Search businesses by name or e-mail"
            placeholder="Search by name, billing or admin e-mail"
            style={{ maxWidth: "28rem" }}
          />
        }
        loadingLabel="Loading businesses"
        errorTitle="The businesses could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch="No business matches this search"
            onClear={() => setFilters({ q: undefined })}
            none="No businesses yet"
            hint="A business appears with its first paid purchase."
          />
        }
        query={filters}
        setQuery={setFilters}
        sorts={businessSorts}
        table={{ ...businessTable((b) => open(b._id)), label: "Businesses" }}
      />

      <BusinessDrawer id={openId} onClose={() => open(null)} />
    </>
  );
}
