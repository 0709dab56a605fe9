import { endpoint } from "../endpoint.ts";

const tags = ["hosts"];

export const hostsEndpoints = {
  hosts: endpoint({
    method: "GET",
    path: "/api/v1/user/hosts",
    access: "admin",
    tags,
    summary: "Users with the host role",
    query: "pageQuerySchema",
    response: { 200: "hostListResponseSchema" },
  }),
  requests: endpoint({
    method: "GET",
    path: "/api/v1/user/host-requests",
    access: "admin",
    tags,
    summary:
      "Become-a-host requests (pending unless told), newest first unless sorted (created, name, email)",
    query: "hostRequestListQuerySchema",
    response: { 200: "hostRequestListResponseSchema" },
  }),
  exportRequests: endpoint({
    method: "GET",
    path: "/api/v1/user/host-requests/export",
    access: "admin",
    tags,
    summary:
      "The host requests of a state as CSV (pending unless told; newest first, streamed); the export is recorded",
    query: "hostRequestFilterSchema",
    produces: ["text/csv"],
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/v1/user/host-requests/:id/approve",
    access: "admin",
    tags,
    summary: "Approve a host request; the user is told",
    params: "idParamsSchema",
    body: "decideHostRequestBodySchema",
    response: { 200: "hostRequestResponseSchema" },
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/v1/user/host-requests/:id/decline",
    access: "admin",
    tags,
    summary: "Decline a host request; the user is told (with the reason, when one is given)",
    params: "idParamsSchema",
    body: "decideHostRequestBodySchema",
    response: { 200: "hostRequestResponseSchema" },
  }),
  ownRequest: endpoint({
    method: "GET",
    path: "/api/v1/user/host-request",
    access: "authenticated",
    tags,
    summary: "As a signed-in app user, my latest host request and its decision (null when I never asked)",
    response: { 200: "ownHostRequestResponseSchema" },
  }),
  request: endpoint({
    method: "POST",
    path: "/api/v1/user/host-request",
    access: "authenticated",
    tags,
    summary: "As a signed-in app user, ask to become a host",
    body: "createHostRequestBodySchema",
    response: { 200: "hostRequestResponseSchema" },
  }),
};
