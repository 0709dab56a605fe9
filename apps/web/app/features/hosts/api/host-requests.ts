import { type HostRequest, hostRequestListResponseSchema, hostRequestResponseSchema } from "@serene/contract";
import { apiList, apiRequest } from "../../../lib/api-client";

export type HostRequestState = HostRequest["state"];
export type HostRequestParams = { state: HostRequestState; page?: number; limit?: number };

/** GET /user/host-requests: become-a-host requests in one state, newest first. */
export function listHostRequests(params: HostRequestParams, signal?: AbortSignal) {
  return apiList("/user/host-requests", { query: params, schema: hostRequestListResponseSchema, signal });
}

/** POST /user/host-requests/:id/approve or /decline; the user gets the role (approve) and is told. */
export function decideHostRequest(id: string, decision: "approve" | "decline") {
  return apiRequest(`/user/host-requests/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    schema: hostRequestResponseSchema,
  });
}
