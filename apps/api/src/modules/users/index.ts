/** App users: the Users Table, their settings, roles and messages, and account deletion. */
export { userRoutes } from "./users.routes.ts";
export {
  createUsersService,
  deleteAccountIn,
  deleteUserAccount,
  keepLastAdmin,
  restoreAccountIn,
  type UsersService,
  whenAccountDeleted,
  whenAccountTrashed,
} from "./users.service.ts";
export { toUser } from "./users.presenter.ts";
export {
  adminExists,
  changeProfile,
  claimTotpStep,
  clearTotp,
  countAppUsers,
  countStaff,
  addAccount,
  endPaidTime,
  expirePaidUsers,
  extendPaidUntil,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  type NewUser,
  type ProfileChanges,
  setPassword,
  setRole,
  setTotpSecret,
  touchLastActive,
  turnOnTotp,
} from "./users.repository.ts";
