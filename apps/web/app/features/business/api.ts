import {
  type BusinessListQuery,
  businessListQuerySchema,
  type GrantSeatsInput,
  idSchema,
  type PurchaseListQuery,
  purchaseListQuerySchema,
} from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";

// The back office's businesses and their purchases: every call, its key and its hook. The
// public pages' calls (order, checkout) are in public-api.ts, which loads no zod.

export type PurchaseListParams = Partial<PurchaseListQuery>;

export const businessKeys = {
  list: (params: object) => [...queryKeys.businesses.all, "list", params] as const,
  one: (id: string) => [...queryKeys.businesses.all, "one", id] as const,
  activity: (id: string) => [...queryKeys.businesses.all, "activity", id] as const,
};

export const purchaseKeys = {
  list: (params: object) => [...queryKeys.purchases.all, "list", params] as const,
  one: (id: string) => [...queryKeys.purchases.all, "one", id] as const,
};

/** One page of businesses in the order asked; `q` searches name, billing and admin addresses. */
export function listBusinesses(params: Partial<BusinessListQuery>, signal?: AbortSignal) {
  return callList(endpoints.businesses.list, { query: params, signal });
}

/** The business with its admins, purchases and seats by state. */
export function getBusiness(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.businesses.get, { params: { id }, signal });
}

/** The newest entries of the business's own activity log. */
export function listBusinessActivity(id: string, signal?: AbortSignal) {
  return callList(endpoints.businesses.activity, { params: { id }, query: { limit: 20 }, signal });
}

/** Free seats, with a reason (audited). */
export function grantSeats(id: string, body: GrantSeatsInput) {
  return callEndpoint(endpoints.businesses.grantSeats, { params: { id }, body });
}

/** E-mails an admin a new portal sign-in link. */
export function sendPortalLink(id: string, email: string) {
  return callEndpoint(endpoints.businesses.sendAdminLink, { params: { id, email } });
}

/** One page of business purchases, newest first; `q` searches business and e-mail. */
export function listPurchases(params: PurchaseListParams, signal?: AbortSignal) {
  return callList(endpoints.purchases.list, { query: params, signal });
}

/** One purchase with its codes (redeemed or not, by whom, expiry). */
export function getPurchase(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.purchases.get, { params: { id }, signal });
}

/** E-mails the purchase's codes to the business address again. */
export function resendPurchaseCodes(id: string) {
  return callEndpoint(endpoints.purchases.resend, { params: { id } });
}

/** The businesses page's search and page, kept in the URL. */
export function useBusinessFilters() {
  return useListQuery(businessListQuerySchema);
}

/** One page of businesses; the previous page stays on screen while the next one loads. */
export function useBusinessList(params: ReturnType<typeof useBusinessFilters>[0]) {
  return useQuery({
    queryKey: businessKeys.list(params),
    queryFn: ({ signal }) => listBusinesses(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The business shown in the drawer (`?business=<id>`), and a setter: a link opens it, Back closes it. */
export const useOpenBusiness = () => useOpenInUrl("business");

/** One business with its admins and purchases; nothing is asked while `id` is null. */
export function useBusiness(id: string | null) {
  return useQuery({
    queryKey: businessKeys.one(id ?? ""),
    queryFn: ({ signal }) => getBusiness(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}

/** The business's newest activity entries. */
export function useBusinessActivity(id: string | null) {
  return useQuery({
    queryKey: businessKeys.activity(id ?? ""),
    queryFn: ({ signal }) => listBusinessActivity(id!, signal),
    select: (page) => page.items,
    enabled: id !== null,
  });
}

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

/** The purchases page's search, state and page, kept in the URL. */
export function usePurchaseFilters() {
  return useListQuery(purchaseListQuerySchema);
}

/** The purchase shown in the drawer (`?purchase=<id>`), and a setter: a link opens it, Back closes it. */
export const useOpenPurchase = () => useOpenInUrl("purchase");

/** The record a drawer shows, as the id in the URL's `name` parameter, and a setter (null closes it). */
function useOpenInUrl(name: string) {
  const [params, setParams] = useSearchParams();
  const id = params.get(name);
  const open = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [idSchema.safeParse(id).success ? id : null, open] as const;
}
