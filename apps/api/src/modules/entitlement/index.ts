export { entitlementRoutes } from "./entitlement.routes.ts";
export { createEntitlementService, entitlementOf, type EntitlementService } from "./entitlement.service.ts";
