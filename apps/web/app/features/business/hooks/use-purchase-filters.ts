import { idSchema, purchaseListQuerySchema } from "@serene/contract";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useListQuery } from "../../../lib/use-list-query";

/** The purchases page's search, state and page, kept in the URL. */
export function usePurchaseFilters() {
  return useListQuery(purchaseListQuerySchema);
}

/**
 * The purchase shown in the drawer (`?purchase=<id>`), and a setter: a link can open it, and
 * Back closes it.
 */
export function useOpenPurchase() {
  const [params, setParams] = useSearchParams();
  const id = params.get("purchase");
  const open = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("purchase", next);
          else updated.delete("purchase");
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [idSchema.safeParse(id).success ? id : null, open] as const;
}
