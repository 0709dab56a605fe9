import type { PurchaseListQuery } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getPurchase } from "../api/get-purchase";
import { listPurchases } from "../api/list-purchases";

export type PurchaseListParams = Partial<PurchaseListQuery>;

export const purchaseKeys = {
  all: ["purchases"] as const,
  list: (params: PurchaseListParams) => ["purchases", "list", params] as const,
  one: (id: string) => ["purchases", "one", id] as const,
};

/** One page of purchases (its items and `meta`); the previous page stays on screen while the next one loads. */
export function usePurchaseList(params: PurchaseListParams) {
  return useQuery({
    queryKey: purchaseKeys.list(params),
    queryFn: ({ signal }) => listPurchases(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One purchase and its codes; nothing is asked while `id` is null. */
export function usePurchase(id: string | null) {
  return useQuery({
    queryKey: purchaseKeys.one(id ?? ""),
    queryFn: ({ signal }) => getPurchase(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}
