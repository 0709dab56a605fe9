import { type UserListQuery, userListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/users: one page of users, searchable by username and e-mail (`q`). */
export function listUsers(params: Partial<UserListQuery>, signal?: AbortSignal) {
  return apiList("/user/users", { query: params, schema: userListResponseSchema, signal });
}
