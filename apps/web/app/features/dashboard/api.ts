import type { MessageBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// The dashboard's figures and the broadcast to every user.

const dashboardKeys = {
  stats: [...queryKeys.dashboard.all, "stats"] as const,
  usersGained: [...queryKeys.dashboard.all, "users-gained"] as const,
  perInterest: [...queryKeys.dashboard.all, "resources-per-interest"] as const,
  top: (limit: number) => [...queryKeys.dashboard.all, "top-resources", limit] as const,
  audience: [...queryKeys.dashboard.all, "broadcast-audience"] as const,
};

/** The four stat cards (SQL counts on the server). */
export function getDashboardStats(signal?: AbortSignal) {
  return callEndpoint(endpoints.dashboard.stats, { signal });
}

/** A bare list of `{_id: "2026-01", count}`, one per month, oldest first. */
export function getUsersGained(signal?: AbortSignal) {
  return callEndpoint(endpoints.dashboard.usersGained, { signal });
}

/** A bare list of `{interest, count}`, largest first. */
export function getResourcesPerInterest(signal?: AbortSignal) {
  return callEndpoint(endpoints.dashboard.resourcesPerInterest, { signal });
}

/** The most played contents. */
export function getTopResources(limit: number, signal?: AbortSignal) {
  return callList(endpoints.resources.top, { query: { limit }, signal });
}

/** How many users a broadcast reaches (an editor may ask; not the stat cards). */
export function getBroadcastAudience(signal?: AbortSignal) {
  return callEndpoint(endpoints.dashboard.audience, { signal });
}

/** A message to every user's app inbox; answers how many it reached. */
export function broadcast(body: MessageBody) {
  return callEndpoint(endpoints.dashboard.broadcast, { body });
}

export const TOP_RESOURCES = 10;

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    select: (answer) => answer.data,
  });
}

/** How many users a broadcast reaches (the broadcast dialog's count, an editor's too); asked once `enabled`. */
export function useBroadcastAudience(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.audience,
    enabled,
    queryFn: ({ signal }) => getBroadcastAudience(signal),
    select: (answer) => answer.data.recipients,
  });
}

export function useUsersGained() {
  return useQuery({
    queryKey: dashboardKeys.usersGained,
    queryFn: ({ signal }) => getUsersGained(signal),
  });
}

export function useResourcesPerInterest() {
  return useQuery({
    queryKey: dashboardKeys.perInterest,
    queryFn: ({ signal }) => getResourcesPerInterest(signal),
  });
}

export function useTopResources() {
  return useQuery({
    queryKey: dashboardKeys.top(TOP_RESOURCES),
    queryFn: ({ signal }) => getTopResources(TOP_RESOURCES, signal),
    select: (answer) => answer.items,
  });
}
