import type { PurchaseListQuery } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getPurchase } from "../api/get-purchase";
import { listPurchases } from "../api/list-purchases";
import { queryKeys } from "../../../lib/query-keys";

export type PurchaseListParams = Partial<PurchaseListQuery>;

/** One page of purchases (its items and `meta`); the previous page stays on screen while the next one loads. */
export function usePurchaseList(params: PurchaseListParams) {
  return useQuery({
    queryKey: queryKeys.purchases.list(params),
    queryFn: ({ signal }) => listPurchases(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One purchase and its codes; nothing is asked while `id` is null. */
export function usePurchase(id: string | null) {
  return useQuery({
    queryKey: queryKeys.purchases.one(id ?? ""),
    queryFn: ({ signal }) => getPurchase(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}
