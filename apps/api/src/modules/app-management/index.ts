/** The app-wide message and the published app versions. */
export { appConfigRoutes, appManagementRoutes } from "./app-management.routes.ts";
export { type AppManagementService, createAppManagementService } from "./app-management.service.ts";
