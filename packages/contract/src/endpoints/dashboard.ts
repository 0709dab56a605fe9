import { endpoint } from "../endpoint.ts";

const tags = ["dashboard"];

export const dashboardEndpoints = {
  stats: endpoint({
    method: "GET",
    path: "/api/v1/user/dashboard-stats",
    access: "admin",
    tags,
    summary:
      "Stat cards: contents, users, pending host requests, mean listening time per listener per day over the last 30 days",
    response: { 200: "dashboardStatsResponseSchema" },
  }),
  usersGained: endpoint({
    method: "GET",
    path: "/api/v1/user/users-gained-yearly",
    access: "admin",
    tags,
    summary: "Sign-ups per month over the last 12 months (a bare list, as the spec's client reads it)",
    response: { 200: "usersGainedSchema" },
    bare: true,
  }),
  resourcesPerInterest: endpoint({
    method: "GET",
    path: "/api/v1/user/resources-per-interest",
    access: "staff",
    tags,
    summary: "Contents per interest (a bare list)",
    response: { 200: "resourcesPerInterestSchema" },
    bare: true,
  }),
  audience: endpoint({
    method: "GET",
    path: "/api/v1/user/broadcast/audience",
    access: "staff",
    tags,
    summary: "How many users a broadcast reaches now (every app user: the broadcast's count)",
    description:
      "The one figure the broadcast's dialog names before it is sent; an editor sends broadcasts too but not the dashboard's stat cards.",
    response: { 200: "broadcastResponseSchema" },
  }),
  broadcast: endpoint({
    method: "POST",
    path: "/api/v1/user/broadcast",
    access: "staff",
    tags,
    summary: "Send a message to every app user (their in-app inbox)",
    body: "broadcastBodySchema",
    response: { 200: "broadcastResponseSchema" },
  }),
};
