import { hostListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/hosts: one page of the users with the host role. */
export function listHosts(params: { page?: number; limit?: number }, signal?: AbortSignal) {
  return apiList("/user/hosts", { query: params, schema: hostListResponseSchema, signal });
}
