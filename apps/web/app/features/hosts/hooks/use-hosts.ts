import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { type HostRequestParams, listHostRequests } from "../api/host-requests";

export function useHostRequests(params: HostRequestParams) {
  return useQuery({
    queryKey: queryKeys.hosts.requests(params),
    queryFn: ({ signal }) => listHostRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
