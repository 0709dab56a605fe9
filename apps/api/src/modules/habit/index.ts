// The daily habit module's public face: today's pick, reminders and Web Push.
export { habitRoutes } from "./habit.routes.ts";
export { createTodayService, type TodayService } from "./today.service.ts";
export { createRemindersService, type RemindersService } from "./reminders.service.ts";
export { keepServerKey } from "./reminders.repository.ts";
