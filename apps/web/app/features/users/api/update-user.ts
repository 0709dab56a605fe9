import { type UserSettingBody, userResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** PUT /user/user/setting/:id: e-mail, username, mood and experience. */
export function updateUser(id: string, body: UserSettingBody) {
  return apiRequest(`/user/user/setting/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    schema: userResponseSchema,
  });
}
