import { endpoint } from "../endpoint.ts";

const tags = ["resources"];

export const resourcesEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/resources",
    access: "staff",
    tags,
    summary:
      "Contents, newest first (paged; search by title; filter by mood, interest, payment type, review state, uploader; sorted)",
    description:
      "`sort` is a column (created, title, plays, duration, mood, payment; or newest/oldest) and `direction` asc or desc.",
    query: "resourceListQuerySchema",
    response: { 200: "resourceListResponseSchema" },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v1/user/resources/export",
    access: "admin",
    tags,
    summary:
      "The contents list as CSV (the list's filters, every matching content, newest first, streamed); the export is recorded",
    query: "resourceFilterSchema",
    produces: ["text/csv"],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/user/resources/:id",
    access: "staff",
    tags,
    summary: "One content",
    params: "idParamsSchema",
    response: { 200: "resourceResponseSchema" },
  }),
  history: endpoint({
    method: "GET",
    path: "/api/v1/user/resources/:id/history",
    access: "staff",
    tags,
    summary: "A content's review history",
    description:
      "Submissions, decisions (with feedback) and edits, oldest first, each with the fields it changed and their values before.",
    params: "idParamsSchema",
    response: { 200: "resourceHistoryResponseSchema" },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/user/resources",
    access: "staff",
    tags,
    summary: "Create a content (image and resourceUrl: URLs from POST /upload); published at once",
    body: "createResourceBodySchema",
    response: { 200: "resourceResponseSchema" },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/v1/user/resources/:id",
    access: "staff",
    tags,
    summary: "Update a content; image and resourceUrl only when replaced (the old files are removed)",
    params: "idParamsSchema",
    body: "updateResourceBodySchema",
    response: { 200: "resourceResponseSchema" },
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/v1/user/resources/delete",
    access: "staff",
    tags,
    summary: "Delete a content and its files",
    body: "idBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/v1/user/resources/bulk",
    access: "staff",
    tags,
    summary: "One action for many contents: delete, publish or decline (with feedback)",
    description:
      "The contents are `ids` (picked) or every content matching `filter` (the list's filters; at most 10,000). One transaction, one activity entry per content; each uploader is told of a decision as by the review page. A content the rules refuse (declining published content, publishing it again) is left as it was and listed in `failed` with why.",
    body: "resourceBulkBodySchema",
    response: { 200: "resourceBulkResponseSchema" },
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/v1/user/resources/:id/approve",
    access: "staff",
    tags,
    summary:
      "Publish content waiting for review; its uploader is told (app inbox and e-mail), with the optional feedback",
    params: "idParamsSchema",
    body: "approveResourceBodySchema",
    response: { 200: "resourceResponseSchema" },
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/v1/user/resources/:id/decline",
    access: "staff",
    tags,
    summary:
      "Decline content waiting for review; its uploader gets the feedback (app inbox and e-mail) and may change it and send it again",
    params: "idParamsSchema",
    body: "declineResourceBodySchema",
    response: { 200: "resourceResponseSchema" },
  }),
  feedback: endpoint({
    method: "POST",
    path: "/api/v1/user/resources/:id/feedback",
    access: "staff",
    tags,
    summary: "Send feedback to the content's uploader",
    params: "idParamsSchema",
    body: "messageBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  top: endpoint({
    method: "GET",
    path: "/api/v1/user/top-resources",
    access: "staff",
    tags,
    summary: "Most played contents",
    query: "topResourcesQuerySchema",
    response: { 200: "topResourcesResponseSchema" },
  }),
};
