import { endpoint } from "../endpoint.ts";

const tags = ["interests"];

export const interestsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/interests",
    access: "staff",
    tags,
    summary: "Interests, by position",
    response: { 200: "interestListResponseSchema" },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/user/interest",
    access: "staff",
    tags,
    summary: "Create an interest (icon: a URL from POST /upload)",
    body: "createInterestBodySchema",
    response: { 200: "interestResponseSchema" },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/v1/user/interest/:id",
    access: "staff",
    tags,
    summary: "Update an interest's name, icon or position",
    params: "idParamsSchema",
    body: "updateInterestBodySchema",
    response: { 200: "interestResponseSchema" },
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/v1/user/interest/delete",
    access: "staff",
    tags,
    summary: "Delete an interest; its contents stay, uncategorised",
    body: "idBodySchema",
    response: { 200: "interestDeleteResponseSchema" },
  }),
};
