export { accountRoutes, profileRoutes } from "./accounts.routes.ts";
export { createAccountsService, type AccountsService } from "./accounts.service.ts";
export { issueAccountToken, useAccountToken } from "./account-tokens.ts";
export { confirmDeletion as confirmDeletionMail } from "./accounts.mail.ts";
