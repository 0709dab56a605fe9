import { dashboardEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import type { DashboardService } from "./dashboard.service.ts";
import { ok } from "../../lib/reply.ts";

export async function dashboardRoutes(app: App, { dashboard }: { dashboard: DashboardService }) {
  route(app, dashboardEndpoints.stats, async () => ok("Dashboard", await dashboard.stats()));

  route(app, dashboardEndpoints.usersGained, () => dashboard.usersGained());

  route(app, dashboardEndpoints.resourcesPerInterest, () => dashboard.resourcesPerInterest());

  route(app, dashboardEndpoints.audience, async () =>
    ok("Broadcast audience", { recipients: await dashboard.audience() }),
  );

  route(app, dashboardEndpoints.broadcast, async (request) => {
    const recipients = await dashboard.broadcast(request.auth, request.body);
    return ok(`Message sent to all ${recipients} users`, { recipients });
  });
}
