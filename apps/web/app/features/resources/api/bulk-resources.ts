import { type ResourceBulkBody, resourceBulkResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/resources/bulk: delete, publish or decline the contents picked, or all matching a filter. */
export function bulkResources(body: ResourceBulkBody) {
  return apiRequest("/user/resources/bulk", { method: "POST", body, schema: resourceBulkResponseSchema });
}
