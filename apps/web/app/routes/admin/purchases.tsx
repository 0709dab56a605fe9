import { endpoints } from "@serene/contract/endpoints";
import { purchaseSorts, purchaseStates } from "@serene/contract";
import { AdminList } from "../../components/ui/admin-list";
import { ListEmpty } from "../../components/ui/list-panel";
import { SearchStateFilterBar } from "../../components/ui/search-state-filter-bar";
import { stateOptionsOf } from "../../components/ui/state-badge";
import { PurchaseDrawer } from "../../features/business/components/purchase-drawer";
import { purchaseStateLooks } from "../../features/business/components/purchase-state-badge";
import { purchaseTable } from "../../features/business/components/purchases-table";
import { useOpenPurchase, usePurchaseFilters, usePurchaseList } from "../../features/business/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/purchases";

const page: PageInfo = {
  title: "Purchases",
  description: "Business subscriptions bought on the website, and their codes: redeemed or not, by whom.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const stateOptions = stateOptionsOf(purchaseStates, purchaseStateLooks);

export default function Purchases() {
  const [filters, setFilters] = usePurchaseFilters();
  const [openId, open] = useOpenPurchase();
  const filtered = Boolean(filters.q || filters.state);
  const list = usePurchaseList(filters);

  return (
    <>
      <AdminList
        exportEndpoint={endpoints.purchases.export}
        items="purchases"
        filtered={filtered}
        description={page.description}
        list={list}
        toolbar={
          <SearchStateFilterBar
            filters={filters}
            onChange={setFilters}
            searchLabel="Search purchases by business or e-mail"
            searchPlaceholder="Search by business or e-mail"
            stateLabel="State"
            stateOptions={stateOptions}
            allStates="All states"
          />
        }
        loadingLabel="Loading purchases"
        errorTitle="The purchases could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch="No purchase matches these filters"
            onClear={() => setFilters({ q: undefined, state: undefined })}
            none="No purchases yet"
            hint="Purchases made on the Business page appear here."
          />
        }
        query={filters}
        setQuery={setFilters}
        sorts={purchaseSorts}
        table={{ ...purchaseTable((purchase) => open(purchase._id)), label: "Purchases" }}
      />

      <PurchaseDrawer id={openId} onClose={() => open(null)} />
    </>
  );
}
