import { hostListResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/hosts: one page of the users with the host role (`data.data`, `data.meta`). */
export function listHosts(params: { page?: number; limit?: number }, signal?: AbortSignal) {
  return apiRequest("/user/hosts", { query: params, schema: hostListResponseSchema, signal });
}
