import { meResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /auth/me: the signed-in admin. */
export function getMe(signal?: AbortSignal) {
  return apiRequest("/auth/me", { schema: meResponseSchema, signal });
}
