import { endpoint } from "../endpoint.ts";

const tags = ["app: catalogue"];

export const catalogueEndpoints = {
  interests: endpoint({
    method: "GET",
    path: "/api/v1/app/interests",
    access: "public",
    tags,
    summary: "Interests",
    description: "The interests in their order, each with how many published contents it has.",
    response: { 200: "appInterestListResponseSchema" },
  }),
  home: endpoint({
    method: "GET",
    path: "/api/v1/app/home",
    access: "authenticated",
    tags,
    summary: "Home screen",
    description:
      "Short rows: today's pick, continue listening, series, then the listener's mood and interests, new, popular and free content, in one call.",
    response: { 200: "homeResponseSchema" },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/app/resources",
    access: "authenticated",
    tags,
    summary: "List and search content",
    description:
      "Published content: search (title, description, interest; no case, no accents, one typo per word), filters, sort, cursor paging.",
    query: "appResourceQuerySchema",
    response: { 200: "appResourceListResponseSchema" },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/app/resources/:id",
    access: "authenticated",
    tags,
    summary: "One content",
    description: "One published content with its description (404 for unknown or unpublished ids).",
    params: "idParamsSchema",
    response: { 200: "appResourceResponseSchema" },
  }),
  interestResources: endpoint({
    method: "GET",
    path: "/api/v1/app/interests/:id/resources",
    access: "authenticated",
    tags,
    summary: "One interest's content",
    description: "The published content of one interest, newest first, cursor paging.",
    params: "idParamsSchema",
    query: "cursorQuerySchema",
    response: { 200: "appResourceListResponseSchema" },
  }),
  stream: endpoint({
    method: "POST",
    path: "/api/v1/app/resources/:id/stream",
    access: "authenticated",
    tags,
    summary: "Stream URL",
    description:
      "A short-lived signed URL of the content's audio (one hour, Range works); 403 subscription_required when locked.",
    params: "idParamsSchema",
    response: { 200: "streamResponseSchema" },
  }),
  transcript: endpoint({
    method: "GET",
    path: "/api/v1/app/resources/:id/transcript",
    access: "authenticated",
    tags,
    summary: "Transcript",
    description:
      'The content\'s transcript, `{ format: "vtt" | "text", text }`, for whoever may play its audio (paid: entitled, else 403 subscription_required); 404 when it has none.',
    params: "idParamsSchema",
    response: { 200: "transcriptResponseSchema" },
  }),
};
