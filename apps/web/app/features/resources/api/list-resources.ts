import { type ResourceListQuery, resourceListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** What the list can be asked for; the server fills in the rest (page 1, newest first). */
export type ResourceListParams = Partial<ResourceListQuery>;

/** GET /user/resources: one page of contents and the page info. */
export function listResources(params: ResourceListParams, signal?: AbortSignal) {
  return apiList("/user/resources", { query: params, schema: resourceListResponseSchema, signal });
}
