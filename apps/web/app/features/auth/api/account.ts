import { meResponseSchema, okEnvelopeSchema, type ProfileBody } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** PUT /auth/profile: your own username, last name and picture (null removes it). */
export function updateProfile(body: ProfileBody) {
  return apiRequest("/auth/profile", { method: "PUT", body, schema: meResponseSchema });
}

/** POST /auth/change-password: every other session of yours ends. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiRequest("/auth/change-password", { method: "POST", body, schema: okEnvelopeSchema });
}
