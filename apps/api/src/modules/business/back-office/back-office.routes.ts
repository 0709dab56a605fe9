import {
  adminParamsSchema,
  businessActivityListResponseSchema,
  businessActivityQuerySchema,
  businessDetailResponseSchema,
  businessFilterSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  grantSeatsBodySchema,
  businessParamsSchema,
  businessResponseSchema,
  okEnvelopeSchema,
} from "@serene/contract";
import { sendCsv } from "../../../lib/csv.ts";
import { pageMeta } from "../../../lib/paging.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { businessCsv, toBusiness, toBusinessActivity } from "../portal/portal.presenter.ts";
import type { PortalService } from "../portal/portal.service.ts";

/** The back office's businesses: /api/v1/user/businesses (admins only: routes that do not say are). */
export async function backOfficeBusinessRoutes(
  app: App,
  { portal, siteUrl }: { portal: PortalService; siteUrl: string },
) {
  const tags = ["business portal"];
  const BACK_OFFICE = "Access: admin.";
  const presentBusiness = (b: Awaited<ReturnType<PortalService["get"]>>) => toBusiness(b, siteUrl);

  app.get(
    "/businesses",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Businesses, newest first unless sorted",
        description: `${BACK_OFFICE}\nSearch by name, billing or admin address (\`q\`); paged by \`page\` or by the opaque \`cursor\` of \`meta.nextCursor\`, and sorted by \`sort\` (created, name, email) and \`direction\` like every back-office list.`,
        querystring: businessListQuerySchema,
        response: { 200: businessListResponseSchema },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const page = cursor ? Number(cursor.slice(1)) : request.query.page;
      const { items, total } = await portal.list({ ...request.query, page });
      const meta = pageMeta(page, limit, total);
      const nextCursor = page < meta.pages ? `p${page + 1}` : null;
      return listReply("Businesses", items.map(presentBusiness), { ...meta, nextCursor });
    },
  );

  app.get(
    "/businesses/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The businesses as CSV (the list's search, newest first, streamed); the export is recorded",
        description: BACK_OFFICE,
        querystring: businessFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(reply, "businesses", businessCsv, await portal.exportRows(request.auth, request.query)),
  );

  app.get(
    "/businesses/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "One business with its admins, purchases and seats by state",
        description: `${BACK_OFFICE}\nThe business as its portal shows it, with its admins and every purchase (first, add, renew, grant).`,
        params: businessParamsSchema,
        response: { 200: businessDetailResponseSchema },
      },
    },
    async (request) => {
      const found = await portal.detail(request.params.id);
      return ok("Business", {
        ...presentBusiness(found),
        admins: found.admins.map((a) => ({
          email: a.email,
          addedAt: a.addedAt.toISOString(),
          lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
        })),
        purchases: found.purchases.map((p) => ({
          _id: p.id,
          kind: p.kind,
          seats: p.kind === "renew" ? (p.renewCodeIds?.length ?? 0) : p.totalUsers,
          amountCents: p.amountCents,
          currency: p.currency,
          state: p.state,
          createdAt: p.createdAt.toISOString(),
          paidAt: p.paidAt?.toISOString() ?? null,
        })),
      });
    },
  );

  app.get(
    "/businesses/:id/activity",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "What the business's admins (and Serene) did in its portal, newest first",
        description: `${BACK_OFFICE}\nThe business's own activity log, as its portal shows it; paged by \`cursor\`.`,
        params: businessParamsSchema,
        querystring: businessActivityQuerySchema,
        response: { 200: businessActivityListResponseSchema },
      },
    },
    async (request) => {
      await portal.get(request.params.id);
      const { items, nextCursor } = await portal.activity(request.params.id, request.query);
      return listReply("Activity", items.map(toBusinessActivity), { nextCursor });
    },
  );

  app.post(
    "/businesses/:id/admins/:email/link",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "E-mail an admin of the business a new portal sign-in link",
        description: `${BACK_OFFICE}\n404 when the address is not an admin of this business; 429 \`rate_limited\` over the address's e-mail limit (3 per 15 minutes, 10 a day).`,
        params: adminParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await portal.sendAdminLink(request.auth, request.params.id, request.params.email);
      return ok(`A sign-in link is on its way to ${request.params.email}`);
    },
  );

  app.post(
    "/businesses/:id/seats",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Give a business free seats, with a reason",
        description: `${BACK_OFFICE}\n\`seats\` (1-1,000) of \`months\` (1-36) each, unsent; recorded in the activity log and the business's.`,
        params: businessParamsSchema,
        body: grantSeatsBodySchema,
        response: { 200: businessResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Seats given",
        presentBusiness(await portal.grantSeats(request.auth, request.params.id, request.body)),
      ),
  );
}
