/** Activity log, Feed and back-office alerts. Other modules record their writes and raise alerts here. */
export { activityRoutes } from "./activity.routes.ts";
export { type ActivityService, createActivityService } from "./activity.service.ts";
export { type Actor, type Visitor, recordActivity, recordHistory } from "./activity.repository.ts";
export { alerts, markNotificationsReadFor, notifyAdmins } from "./notifications.repository.ts";
