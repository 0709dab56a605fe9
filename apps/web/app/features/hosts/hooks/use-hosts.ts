import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type HostRequestParams, listHostRequests } from "../api/host-requests";
import { listHosts } from "../api/list-hosts";
import { queryKeys } from "../../../lib/query-keys";

export function useHosts(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: queryKeys.hosts.list(params),
    queryFn: ({ signal }) => listHosts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHostRequests(params: HostRequestParams) {
  return useQuery({
    queryKey: queryKeys.hosts.requests(params),
    queryFn: ({ signal }) => listHostRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
