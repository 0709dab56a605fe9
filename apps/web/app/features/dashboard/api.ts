import {
  broadcastResponseSchema,
  type MessageBody,
  dashboardStatsResponseSchema,
  resourcesPerInterestSchema,
  topResourcesResponseSchema,
  usersGainedSchema,
} from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { apiList, apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// The dashboard's figures and the broadcast to every user.

const dashboardKeys = {
  stats: [...queryKeys.dashboard.all, "stats"] as const,
  usersGained: [...queryKeys.dashboard.all, "users-gained"] as const,
  perInterest: [...queryKeys.dashboard.all, "resources-per-interest"] as const,
  top: (limit: number) => [...queryKeys.dashboard.all, "top-resources", limit] as const,
  audience: [...queryKeys.dashboard.all, "broadcast-audience"] as const,
};

/** GET /user/dashboard-stats: the four stat cards (SQL counts on the server). */
export function getDashboardStats(signal?: AbortSignal) {
  return apiRequest("/user/dashboard-stats", { schema: dashboardStatsResponseSchema, signal });
}

/** GET /user/users-gained-yearly: a bare list of `{_id: "2026-01", count}`, one per month, oldest first. */
export function getUsersGained(signal?: AbortSignal) {
  return apiRequest("/user/users-gained-yearly", { schema: usersGainedSchema, signal, bare: true });
}

/** GET /user/resources-per-interest: a bare list of `{interest, count}`, largest first. */
export function getResourcesPerInterest(signal?: AbortSignal) {
  return apiRequest("/user/resources-per-interest", {
    schema: resourcesPerInterestSchema,
    signal,
    bare: true,
  });
}

/** GET /user/top-resources: the most played contents. */
export function getTopResources(limit: number, signal?: AbortSignal) {
  return apiList("/user/top-resources", { query: { limit }, schema: topResourcesResponseSchema, signal });
}

/** GET /user/broadcast/audience: how many users a broadcast reaches (an editor may ask; not the stat cards). */
export function getBroadcastAudience(signal?: AbortSignal) {
  return apiRequest("/user/broadcast/audience", { schema: broadcastResponseSchema, signal });
}

/** POST /user/broadcast: a message to every user's app inbox; answers how many it reached. */
export function broadcast(body: MessageBody) {
  return apiRequest("/user/broadcast", {
    method: "POST",
    body,
    schema: broadcastResponseSchema,
  });
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
