import { useQuery } from "@tanstack/react-query";
import {
  getBroadcastAudience,
  getDashboardStats,
  getResourcesPerInterest,
  getTopResources,
  getUsersGained,
} from "../api/dashboard";
import { queryKeys } from "../../../lib/query-keys";

export const TOP_RESOURCES = 10;

export function useDashboardStats() {
  return useQuery({
    queryKey: queryKeys.dashboard.stats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    select: (answer) => answer.data,
  });
}

/** How many users a broadcast reaches (the broadcast dialog's count, an editor's too); asked once `enabled`. */
export function useBroadcastAudience(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboard.audience,
    enabled,
    queryFn: ({ signal }) => getBroadcastAudience(signal),
    select: (answer) => answer.data.recipients,
  });
}

export function useUsersGained() {
  return useQuery({
    queryKey: queryKeys.dashboard.usersGained,
    queryFn: ({ signal }) => getUsersGained(signal),
  });
}

export function useResourcesPerInterest() {
  return useQuery({
    queryKey: queryKeys.dashboard.perInterest,
    queryFn: ({ signal }) => getResourcesPerInterest(signal),
  });
}

export function useTopResources() {
  return useQuery({
    queryKey: queryKeys.dashboard.top(TOP_RESOURCES),
    queryFn: ({ signal }) => getTopResources(TOP_RESOURCES, signal),
    select: (answer) => answer.items,
  });
}
