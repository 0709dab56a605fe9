import { type ResourceListQuery, resourceListResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** What the list can be asked for; the server fills in the rest (page 1, newest first). */
export type ResourceListParams = Partial<ResourceListQuery>;

/** GET /user/resources: one page of contents (`data.data`) and the page info (`data.meta`). */
export function listResources(params: ResourceListParams, signal?: AbortSignal) {
  return apiRequest("/user/resources", { query: params, schema: resourceListResponseSchema, signal });
}
