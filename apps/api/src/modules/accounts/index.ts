export { accountRoutes, profileRoutes } from "./accounts.routes.ts";
export { createAccountsService, type AccountsService } from "./accounts.service.ts";
export { userInterestIds } from "./accounts.repository.ts";
