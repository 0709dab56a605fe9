import { type HostRequestListQuery, hostRequestListQuerySchema } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { useListQuery } from "../../../lib/use-list-query";
import { listHostRequests } from "../api/host-requests";

/** The host requests page's state, order and page, kept in the URL (pending requests unless told). */
export function useHostRequestFilters() {
  return useListQuery(hostRequestListQuerySchema);
}

/** One page of host requests; the previous page stays on screen while the next one loads. */
export function useHostRequests(params: Partial<HostRequestListQuery>) {
  return useQuery({
    queryKey: queryKeys.hosts.requests(params),
    queryFn: ({ signal }) => listHostRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
