import { endpoint } from "../endpoint.ts";

const tags = ["health"];

export const healthEndpoints = {
  status: endpoint({
    method: "GET",
    path: "/api/health",
    access: "public",
    tags,
    summary: "Liveness and database check",
    response: { 200: "healthResponseSchema" },
  }),
};
