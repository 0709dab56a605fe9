export { accountRoutes, profileRoutes } from "./accounts.routes.ts";
export {
  createAccountsService,
  issueAccountToken,
  useAccountToken,
  type AccountsService,
} from "./accounts.service.ts";
export { confirmDeletion as confirmDeletionMail } from "./accounts.mail.ts";
