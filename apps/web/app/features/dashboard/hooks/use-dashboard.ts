import { useQuery } from "@tanstack/react-query";
import {
  getDashboardStats,
  getResourcesPerInterest,
  getTopResources,
  getUsersGained,
} from "../api/dashboard";

export const TOP_RESOURCES = 10;

/** The dashboard's own answers; any write to users or contents makes them stale. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: ["dashboard", "stats"] as const,
  usersGained: ["dashboard", "users-gained"] as const,
  perInterest: ["dashboard", "resources-per-interest"] as const,
  top: ["dashboard", "top-resources", TOP_RESOURCES] as const,
};

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    select: (answer) => answer.data,
  });
}

export function useUsersGained() {
  return useQuery({ queryKey: dashboardKeys.usersGained, queryFn: ({ signal }) => getUsersGained(signal) });
}

export function useResourcesPerInterest() {
  return useQuery({
    queryKey: dashboardKeys.perInterest,
    queryFn: ({ signal }) => getResourcesPerInterest(signal),
  });
}

export function useTopResources() {
  return useQuery({
    queryKey: dashboardKeys.top,
    queryFn: ({ signal }) => getTopResources(TOP_RESOURCES, signal),
    select: (answer) => answer.items,
  });
}
