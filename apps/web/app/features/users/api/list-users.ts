import { type UserListQuery, userListResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/users: one page of users, searchable by username and e-mail (`q`). */
export function listUsers(params: Partial<UserListQuery>, signal?: AbortSignal) {
  return apiRequest("/user/users", { query: params, schema: userListResponseSchema, signal });
}
