/** The back office's accounts (admins and editors: invitations, roles, removal) and its settings. */
export { staffRoutes } from "./staff.routes.ts";
export { createStaffService, type StaffService } from "./staff.service.ts";
