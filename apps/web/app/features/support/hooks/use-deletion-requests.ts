import { type DeletionRequestListQuery, deletionStates } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { searchStateFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { listDeletionRequests } from "../api/list-deletion-requests";
import { queryKeys } from "../../../lib/query-keys";

export type DeletionRequestListParams = Partial<DeletionRequestListQuery>;

/** One page of deletion requests (its items and `meta`). */
export function useDeletionRequestList(params: DeletionRequestListParams) {
  return useQuery({
    queryKey: queryKeys.deletionRequests.list(params),
    queryFn: ({ signal }) => listDeletionRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

const { read, write } = searchStateFilters(deletionStates);

/** The deletion requests page's search, state and page, kept in the URL. */
export function useDeletionRequestFilters() {
  return useUrlFilters(read, write);
}
