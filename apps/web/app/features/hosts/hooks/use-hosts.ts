import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type HostRequestParams, listHostRequests } from "../api/host-requests";
import { listHosts } from "../api/list-hosts";

/** Hosts and host requests: both change when a request is decided or a user is made a host. */
export const hostKeys = {
  all: ["hosts"] as const,
  hosts: (params: { page: number; limit: number }) => ["hosts", "list", params] as const,
  requests: (params: HostRequestParams) => ["hosts", "requests", params] as const,
};

export function useHosts(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: hostKeys.hosts(params),
    queryFn: ({ signal }) => listHosts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHostRequests(params: HostRequestParams) {
  return useQuery({
    queryKey: hostKeys.requests(params),
    queryFn: ({ signal }) => listHostRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
