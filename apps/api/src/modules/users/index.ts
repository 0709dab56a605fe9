/** App users: the Users Table, their settings, roles and messages, and account deletion. */
export { userRoutes } from "./users.routes.ts";
export {
  createUsersService,
  deleteAccountIn,
  deleteUserAccount,
  restoreAccountIn,
  type UsersService,
} from "./users.service.ts";
export { toUser } from "./users.presenter.ts";
export {
  adminExists,
  countAppUsers,
  countStaff,
  findUserByEmail,
  findUserById,
  insertUser,
  type NewUser,
  updateUser,
} from "./users.repository.ts";
