import { endpoint } from "../endpoint.ts";

const tags = ["site"];

export const siteEndpoints = {
  config: endpoint({
    method: "GET",
    path: "/api/v1/user/site-config",
    access: "public",
    tags,
    summary: "Public site settings: support e-mail, store and demo links, the business plan",
    response: { 200: "siteConfigResponseSchema" },
  }),
};
