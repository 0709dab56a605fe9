/** The support form and inbox, and account deletion requests with their 90-day sweep. */
export { supportRoutes } from "./support.routes.ts";
export { createSupportService, type SupportService } from "./support.service.ts";
export { type SweepResult } from "./deletion-requests.ts";
export { markUserRequestsExecuted } from "./support.repository.ts";
