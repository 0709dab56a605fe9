import {
  type HostRequestListQuery,
  hostRequestListResponseSchema,
  hostRequestResponseSchema,
} from "@serene/contract";
import { apiList, apiRequest } from "../../../lib/api-client";

/** GET /user/host-requests: become-a-host requests in one state (pending unless told), in the order asked. */
export function listHostRequests(params: Partial<HostRequestListQuery>, signal?: AbortSignal) {
  return apiList("/user/host-requests", { query: params, schema: hostRequestListResponseSchema, signal });
}

/** POST /user/host-requests/:id/approve or /decline; the user gets the role (approve) and is told (with the decline's reason). */
export function decideHostRequest(id: string, decision: "approve" | "decline", reason?: string) {
  return apiRequest(`/user/host-requests/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    body: reason ? { reason } : undefined,
    schema: hostRequestResponseSchema,
  });
}
