/** The support form and inbox, and account deletion requests with their 90-day sweep. */
export { supportRoutes } from "./support.routes.ts";
export { createSupportService, type SupportService, type SweepResult } from "./support.service.ts";
export { markUserRequestsExecuted } from "./support.repository.ts";
