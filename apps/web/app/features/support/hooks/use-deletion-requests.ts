import { type DeletionRequestListQuery, deletionRequestListQuerySchema } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { useListQuery } from "../../../lib/use-list-query";
import { listDeletionRequests } from "../api/list-deletion-requests";

export type DeletionRequestListParams = Partial<DeletionRequestListQuery>;

/** One page of deletion requests (its items and `meta`). */
export function useDeletionRequestList(params: DeletionRequestListParams) {
  return useQuery({
    queryKey: queryKeys.deletionRequests.list(params),
    queryFn: ({ signal }) => listDeletionRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The deletion requests page's search, state and page, kept in the URL. */
export function useDeletionRequestFilters() {
  return useListQuery(deletionRequestListQuerySchema);
}
