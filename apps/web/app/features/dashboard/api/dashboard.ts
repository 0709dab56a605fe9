import {
  broadcastResponseSchema,
  type MessageBody,
  dashboardStatsResponseSchema,
  resourcesPerInterestSchema,
  topResourcesResponseSchema,
  usersGainedSchema,
} from "@serene/contract";
import { apiList, apiRequest } from "../../../lib/api-client";

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
