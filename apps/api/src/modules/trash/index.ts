/** The trash: users and contents an admin deleted, restorable for 30 days, then purged. */
export { trashRoutes } from "./trash.routes.ts";
export { createTrashService, type TrashService } from "./trash.service.ts";
