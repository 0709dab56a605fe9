import { userResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/users/:id/make-host: gives the user the host role (and tells them). */
export function makeHost(id: string) {
  return apiRequest(`/user/users/${encodeURIComponent(id)}/make-host`, {
    method: "POST",
    schema: userResponseSchema,
  });
}
