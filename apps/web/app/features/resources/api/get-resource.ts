import { resourceResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/resources/:id: one content, every field (its audio URL signed for the back office). */
export function getResource(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}`, { schema: resourceResponseSchema, signal });
}
