/** Stat cards, charts and the broadcast of the back office's dashboard. */
export { dashboardRoutes } from "./dashboard.routes.ts";
export { createDashboardService, type DashboardService } from "./dashboard.service.ts";
