import { type HostRequestListQuery, hostRequestListQuerySchema } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";

// Become-a-host requests: listed, approved or declined.

/** Become-a-host requests in one state (pending unless told), in the order asked. */
export function listHostRequests(params: Partial<HostRequestListQuery>, signal?: AbortSignal) {
  return callList(endpoints.hosts.requests, { query: params, signal });
}

/** Approves or declines; the user gets the role (approve) and is told (with the decline's reason). */
export function decideHostRequest(id: string, decision: "approve" | "decline", reason?: string) {
  return callEndpoint(endpoints.hosts[decision], { params: { id }, body: reason ? { reason } : undefined });
}

/** The host requests page's state, order and page, kept in the URL (pending requests unless told). */
export function useHostRequestFilters() {
  return useListQuery(hostRequestListQuerySchema);
}

/** One page of host requests; the previous page stays on screen while the next one loads. */
export function useHostRequests(params: Partial<HostRequestListQuery>) {
  return useQuery({
    queryKey: [...queryKeys.hosts.all, "requests", params],
    queryFn: ({ signal }) => listHostRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
