import { businessListQuerySchema, idSchema } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { queryKeys } from "../../../lib/query-keys";
import { useListQuery } from "../../../lib/use-list-query";
import { getBusiness, listBusinesses, listBusinessActivity } from "../api/businesses";

/** The businesses page's search and page, kept in the URL. */
export function useBusinessFilters() {
  return useListQuery(businessListQuerySchema);
}

/** One page of businesses; the previous page stays on screen while the next one loads. */
export function useBusinessList(params: ReturnType<typeof useBusinessFilters>[0]) {
  return useQuery({
    queryKey: queryKeys.businesses.list(params),
    queryFn: ({ signal }) => listBusinesses(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The business shown in the drawer (`?business=<id>`), and a setter: a link opens it, Back closes it. */
export function useOpenBusiness() {
  const [params, setParams] = useSearchParams();
  const id = params.get("business");
  const open = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("business", next);
          else updated.delete("business");
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [idSchema.safeParse(id).success ? id : null, open] as const;
}

/** One business with its admins and purchases; nothing is asked while `id` is null. */
export function useBusiness(id: string | null) {
  return useQuery({
    queryKey: queryKeys.businesses.one(id ?? ""),
    queryFn: ({ signal }) => getBusiness(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}

/** The business's newest activity entries. */
export function useBusinessActivity(id: string | null) {
  return useQuery({
    queryKey: queryKeys.businesses.activity(id ?? ""),
    queryFn: ({ signal }) => listBusinessActivity(id!, signal),
    select: (page) => page.items,
    enabled: id !== null,
  });
}
