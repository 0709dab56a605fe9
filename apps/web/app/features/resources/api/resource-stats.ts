import { contentStatsResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/resources/:id/stats: a content's listening figures, from the listening sessions. */
export function getResourceStats(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}/stats`, {
    schema: contentStatsResponseSchema,
    signal,
  });
}
