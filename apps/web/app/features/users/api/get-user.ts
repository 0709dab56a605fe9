import { userResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/single/:user_id: one user (`data`), as stored now. */
export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/single/${encodeURIComponent(id)}`, { schema: userResponseSchema, signal });
}
