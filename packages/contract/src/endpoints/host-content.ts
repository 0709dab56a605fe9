import { endpoint } from "../endpoint.ts";

const tags = ["app: hosts"];

export const hostContentEndpoints = {
  upload: endpoint({
    method: "POST",
    path: "/api/v1/app/uploads",
    access: "authenticated",
    tags,
    summary: "Upload a file",
    description:
      "Uploads one file (multipart `file`), checked by content: hosts images and MP3 audio, other listeners images only.",
    query: "appUploadQuerySchema",
    response: { 200: "appUploadResponseSchema" },
    consumes: ["multipart/form-data"],
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/app/host/resources",
    access: "host",
    tags,
    summary: "Submit content",
    description:
      "Creates content from the host's uploads; it waits for an admin's approval (reviewState pending).",
    body: "hostResourceBodySchema",
    response: { 201: "hostResourceResponseSchema" },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/app/host/resources",
    access: "host",
    tags,
    summary: "My content",
    description:
      "The host's own content, newest first, with review state, the latest feedback and its listening figures (counted plays, minutes listened, completion rate); cursor paging.",
    query: "hostResourceQuerySchema",
    response: { 200: "hostResourceListResponseSchema" },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/app/host/resources/:id",
    access: "host",
    tags,
    summary: "One of my contents",
    description:
      "The host's own content with its review state, the latest feedback, its transcript and its review history (oldest first); 404 for another's.",
    params: "idParamsSchema",
    response: { 200: "hostResourceDetailResponseSchema" },
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/v1/app/host/resources/:id/stats",
    access: "host",
    tags,
    summary: "My content's listening figures",
    description:
      "A published content's counted plays, unique listeners and average share listened per session (0..1, null before any session); 409 while it is not published.",
    params: "idParamsSchema",
    response: { 200: "hostResourceStatsResponseSchema" },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/app/host/resources/:id",
    access: "host",
    tags,
    summary: "Change my content",
    description:
      "Changes the host's own content while it is pending or declined; a declined one is sent for review again (reviewState pending). 409 once published.",
    params: "idParamsSchema",
    body: "hostResourcePatchSchema",
    response: { 200: "hostResourceResponseSchema" },
  }),
  withdraw: endpoint({
    method: "DELETE",
    path: "/api/v1/app/host/resources/:id",
    access: "host",
    tags,
    summary: "Withdraw my content",
    description: "Withdraws (deletes) the host's own content while it is pending (409 once reviewed).",
    params: "idParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
};
