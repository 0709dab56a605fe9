/** Sign-in, sessions, own profile; the first admin. */
export { authRoutes } from "./auth.routes.ts";
export { sessionCookie } from "./session-cookie.ts";
export { type AuthService, createAuthService } from "./auth.service.ts";
export { createOrPromoteAdmin, ensureFirstAdmin } from "./first-admin.ts";
export {
  deleteSessionOf,
  deleteUserSessions,
  readBackOfficeSettings,
  replaceRecoveryCodes,
  saveBackOfficeSettings,
  type SessionDevice,
} from "./auth.repository.ts";
