import { endpoint } from "../endpoint.ts";

const tags = ["business portal"];

export const businessesEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/user/businesses",
    access: "admin",
    tags,
    summary: "Businesses, newest first unless sorted",
    description:
      "Search by name, billing or admin address (`q`); paged by `page` or by the opaque `cursor` of `meta.nextCursor`, and sorted by `sort` (created, name, email) and `direction` like every back-office list.",
    query: "businessListQuerySchema",
    response: { 200: "businessListResponseSchema" },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/v1/user/businesses/export",
    access: "admin",
    tags,
    summary: "The businesses as CSV (the list's search, newest first, streamed); the export is recorded",
    query: "businessFilterSchema",
    produces: ["text/csv"],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/user/businesses/:id",
    access: "admin",
    tags,
    summary: "One business with its admins, purchases and seats by state",
    description:
      "The business as its portal shows it, with its admins and every purchase (first, add, renew, grant).",
    params: "businessParamsSchema",
    response: { 200: "businessDetailResponseSchema" },
  }),
  activity: endpoint({
    method: "GET",
    path: "/api/v1/user/businesses/:id/activity",
    access: "admin",
    tags,
    summary: "What the business's admins (and Serene) did in its portal, newest first",
    description: "The business's own activity log, as its portal shows it; paged by `cursor`.",
    params: "businessParamsSchema",
    query: "businessActivityQuerySchema",
    response: { 200: "businessActivityListResponseSchema" },
  }),
  sendAdminLink: endpoint({
    method: "POST",
    path: "/api/v1/user/businesses/:id/admins/:email/link",
    access: "admin",
    tags,
    summary: "E-mail an admin of the business a new portal sign-in link",
    description:
      "404 when the address is not an admin of this business; 429 `rate_limited` over the address's e-mail limit (3 per 15 minutes, 10 a day).",
    params: "adminParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  grantSeats: endpoint({
    method: "POST",
    path: "/api/v1/user/businesses/:id/seats",
    access: "admin",
    tags,
    summary: "Give a business free seats, with a reason",
    description:
      "`seats` (1-1,000) of `months` (1-36) each, unsent; recorded in the activity log and the business's.",
    params: "businessParamsSchema",
    body: "grantSeatsBodySchema",
    response: { 200: "businessResponseSchema" },
  }),
};
