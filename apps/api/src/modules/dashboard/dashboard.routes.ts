import {
  broadcastBodySchema,
  broadcastResponseSchema,
  dashboardStatsResponseSchema,
  resourcesPerInterestSchema,
  usersGainedSchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import type { DashboardService } from "./dashboard.service.ts";
import { ok } from "../../lib/reply.ts";

export async function dashboardRoutes(app: App, { dashboard }: { dashboard: DashboardService }) {
  const tags = ["dashboard"];

  app.get(
    "/dashboard-stats",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Stat cards: contents, users, pending host requests, mean listening time per listener per day over the last 30 days",
        response: { 200: dashboardStatsResponseSchema },
      },
    },
    async () => ok("Dashboard", await dashboard.stats()),
  );

  app.get(
    "/users-gained-yearly",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Sign-ups per month over the last 12 months (a bare list, as the spec's client reads it)",
        response: { 200: usersGainedSchema },
      },
    },
    () => dashboard.usersGained(),
  );

  app.get(
    "/resources-per-interest",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Contents per interest (a bare list)",
        response: { 200: resourcesPerInterestSchema },
      },
    },
    () => dashboard.resourcesPerInterest(),
  );

  app.get(
    "/broadcast/audience",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "How many users a broadcast reaches now (every app user: the broadcast's count)",
        description:
          "Access: admin. Editors too.\nThe one figure the broadcast's dialog names before it is sent; an editor sends broadcasts too but not the dashboard's stat cards.",
        response: { 200: broadcastResponseSchema },
      },
    },
    async () => ok("Broadcast audience", { recipients: await dashboard.audience() }),
  );

  app.post(
    "/broadcast",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Send a message to every app user (their in-app inbox)",
        body: broadcastBodySchema,
        response: { 200: broadcastResponseSchema },
      },
    },
    async (request) => {
      const recipients = await dashboard.broadcast(request.auth, request.body);
      return ok(`Message sent to all ${recipients} users`, { recipients });
    },
  );
}
