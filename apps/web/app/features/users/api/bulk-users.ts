import { type UserBulkBody, userBulkResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/users/bulk: delete, make host or message the users picked, or all matching a filter. */
export function bulkUsers(body: UserBulkBody) {
  return apiRequest("/user/users/bulk", { method: "POST", body, schema: userBulkResponseSchema });
}
