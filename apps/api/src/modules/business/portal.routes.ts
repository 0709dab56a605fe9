import {
  adminBodySchema,
  adminListResponseSchema,
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
  invitesBodySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  portalCheckoutBodySchema,
  portalCheckoutResponseSchema,
  inviteListResponseSchema,
  okEnvelopeSchema,
  PORTAL_SESSION_COOKIE,
  RENEW_WINDOW_DAYS,
  portalLinkBodySchema,
  portalSessionBodySchema,
  portalSessionResponseSchema,
  REPORT_MAX_MONTHS,
  REPORT_MIN_LISTENERS,
  reportQuerySchema,
  reportResponseSchema,
  seatListQuerySchema,
  seatListResponseSchema,
  seatParamsSchema,
  seatResponseSchema,
  updateBusinessBodySchema,
  SEAT_SORTS,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import { portalToken } from "../../plugins/auth-guard.ts";
import type { App } from "../../plugins/types.ts";
import { PORTAL_COOKIE_PATH, setCheckoutCookie, setPortalSessionCookie } from "./portal-cookies.ts";
import { businessCsv, toBusiness, toBusinessActivity, toInvoice, toSeat } from "./portal.presenter.ts";
import { emailsFromCsv, type PortalService } from "./portal.service.ts";
import { eligibilityRoutes } from "./eligibility.routes.ts";
import { seatActionRoutes } from "./seat-actions.routes.ts";
import { listReply, ok } from "../../lib/reply.ts";

export interface PortalRoutesOptions {
  portal: PortalService;
  siteUrl: string;
  secureCookies: boolean;
  sessionTtlMs: number;
  /** Sign-in links asked per client address per window. */
  linkLimit: { max: number; timeWindow: number };
}

const PUBLIC = "Access: public.";
const ADMIN = "Access: business admin.";
/** A CSV upload is at most this large (1,000 addresses fit many times over). */
const MAX_CSV_BYTES = 512 * 1024;

/** A multipart invitation (a CSV file in `file`) read into the JSON body `{ emails }` before validation. */
async function csvAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const file = await request.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
  if (!file || file.fieldname !== "file")
    throw new AppError("validation_failed", "Send the CSV file in the field `file`", [
      { field: "file", message: "is required" },
    ]);
  const csv = (await file.toBuffer()).toString("utf8");
  request.body = { emails: emailsFromCsv(csv) };
}

/** The business portal: /api/v1/business (BUSINESS-API.md). */
export async function portalRoutes(app: App, options: PortalRoutesOptions) {
  const { portal, siteUrl } = options;
  const tags = ["business portal"];
  const business = { access: "business" as const };
  const present = async (id: string) => {
    const b = await portal.get(id);
    return ok("Business", toBusiness(b, siteUrl));
  };
  const admins = (rows: Awaited<ReturnType<PortalService["admins"]>>) =>
    listReply(
      "Admins",
      rows.map((a) => ({
        email: a.email,
        addedAt: a.addedAt.toISOString(),
        lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
      })),
      { total: rows.length },
    );

  app.post(
    "/portal/link",
    {
      config: { access: "public", rateLimit: options.linkLimit },
      schema: {
        tags,
        summary: "E-mail a sign-in link to a business admin",
        description: `${PUBLIC}\nThe same answer for every address; an admin's address gets a link to ${"`/business/portal/signin?token=…`"} (single use, 15 minutes), at most 3 per address per 15 minutes and 10 a day, as every e-mail anyone can ask for.`,
        body: portalLinkBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      portal.requestLink(request.body.email);
      return ok("If this address manages a business on Serene, a sign-in link is on its way.");
    },
  );

  app.post(
    "/portal/session",
    {
      config: { access: "public", rateLimit: options.linkLimit },
      schema: {
        tags,
        summary: "Sign in to the portal with an e-mailed link's token",
        description: `${PUBLIC}\nTrades a sign-in link's token (once) for a portal session: answers its token (send it as a Bearer token) and sets it as an httpOnly cookie.`,
        body: portalSessionBodySchema,
        response: { 200: portalSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, email, businesses } = await portal.startSession(request.body.token);
      setPortalSessionCookie(reply, token, options);
      return ok("Signed in", {
        token,
        admin: { email },
        businesses: businesses.map((b) => ({ _id: b.id, name: b.name })),
      });
    },
  );

  app.post(
    "/portal/signout",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Sign out of the portal",
        description: `${PUBLIC}\nEnds the portal session of the Bearer token or cookie sent (if any) and clears the cookie.`,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const token = portalToken(request);
      if (token) await portal.signOut(token);
      reply.clearCookie(PORTAL_SESSION_COOKIE, { path: PORTAL_COOKIE_PATH });
      return ok("Signed out");
    },
  );

  app.get(
    "/:id",
    {
      config: business,
      schema: {
        tags,
        summary: "The business: billing details, join link, seats by state, next expiry",
        description: `${ADMIN}\nSeats are counted by state (unsent, invited, redeemed, expired, freed); \`renewable\` counts the redeemed seats within ${RENEW_WINDOW_DAYS} days of their expiry.`,
        params: businessParamsSchema,
        response: { 200: businessResponseSchema },
      },
    },
    async (request) => present(request.params.id),
  );

  app.patch(
    "/:id",
    {
      config: business,
      schema: {
        tags,
        summary: "Change the business's name, billing details or join domains",
        description: `${ADMIN}\nPrinted on later invoices; \`rotateJoinUrl: true\` makes a new join link (the old one stops working).`,
        params: businessParamsSchema,
        body: updateBusinessBodySchema,
        response: { 200: businessResponseSchema },
      },
    },
    async (request) => {
      await portal.update(request.portal!.email, request.params.id, request.body);
      return present(request.params.id);
    },
  );

  app.get(
    "/:id/seats",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's seats, newest first (or soonest to expire, or as sorted)",
        description: `${ADMIN}\nFilter by \`state\`, search by e-mail or name (\`q\`); paged by \`cursor\` (\`meta.nextCursor\`). \`expiringWithinDays\` (1-366): only the redeemed seats that expire within that many days, soonest first (the renewals use ${RENEW_WINDOW_DAYS}). \`sort\` (${SEAT_SORTS.join(", ")}) and \`direction\` (\`asc\`, \`desc\`; each column's own when left out) order the list in the database; seats without the value sorted by come last either way, the id breaks ties, and the cursor keeps the order.`,
        params: businessParamsSchema,
        querystring: seatListQuerySchema,
        response: { 200: seatListResponseSchema },
      },
    },
    async (request) => {
      const { items, nextCursor } = await portal.seats(request.params.id, request.query);
      return listReply("Seats", items.map(toSeat), { nextCursor });
    },
  );

  app.post(
    "/:id/invites",
    {
      config: business,
      preValidation: csvAsBody,
      schema: {
        tags,
        summary: "Invite people: each gets a free seat's code by e-mail",
        description: `${ADMIN}\nJSON \`{ emails }\` (at most 1,000) or multipart \`file\`: a CSV with an \`email\` column. Answers a result per row: invited, already_invited (the address already holds an invitation, or a running seat it redeemed: no seat is used), invalid_email or no_free_seat.`,
        consumes: ["application/json", "multipart/form-data"],
        params: businessParamsSchema,
        body: invitesBodySchema,
        response: { 200: inviteListResponseSchema },
      },
    },
    async (request) => {
      const rows = await portal.invite(request.portal!.email, request.params.id, request.body.emails);
      return listReply("Invitations", rows, { total: rows.length });
    },
  );

  app.post(
    "/:id/seats/:seatId/resend",
    {
      config: business,
      schema: {
        tags,
        summary: "E-mail an invited seat's code again",
        description: `${ADMIN}\nOnly for an invited seat (409 otherwise). Counts toward the address's e-mail limit (3 per 15 minutes, 10 a day): 429 \`rate_limited\` over it.`,
        params: seatParamsSchema,
        response: { 200: seatResponseSchema },
      },
    },
    async (request) => {
      const { id, seatId } = request.params;
      const seat = await portal.resend(request.portal!.email, id, seatId);
      return ok("Invitation sent again", toSeat(seat));
    },
  );

  app.post(
    "/:id/seats/:seatId/remove",
    {
      config: business,
      schema: {
        tags,
        summary: "Take a seat back from its listener",
        description: `${ADMIN}\nThe seat turns \`freed\` with the days it had left (at least 30); the listener's access from it ends now and they are told by e-mail.`,
        params: seatParamsSchema,
        response: { 200: seatResponseSchema },
      },
    },
    async (request) => {
      const { id, seatId } = request.params;
      const seat = await portal.remove(request.portal!.email, id, seatId);
      return ok("Seat freed", toSeat(seat));
    },
  );

  seatActionRoutes(app, portal);
  eligibilityRoutes(app, portal);

  app.get(
    "/:id/admins",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's admins",
        description: `${ADMIN}\nEach with when they were added and last signed in.`,
        params: businessParamsSchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) => admins(await portal.admins(request.params.id)),
  );

  app.post(
    "/:id/admins",
    {
      config: business,
      schema: {
        tags,
        summary: "Add an admin",
        description: `${ADMIN}\nThe new admin gets a sign-in link by e-mail, within the address's e-mail limit (3 per 15 minutes, 10 a day).`,
        params: businessParamsSchema,
        body: adminBodySchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) =>
      admins(await portal.addAdmin(request.portal!.email, request.params.id, request.body.email)),
  );

  app.delete(
    "/:id/admins/:email",
    {
      config: business,
      schema: {
        tags,
        summary: "Remove an admin",
        description: `${ADMIN}\n409 \`last_admin\` for the last one.`,
        params: adminParamsSchema,
        response: { 200: adminListResponseSchema },
      },
    },
    async (request) =>
      admins(await portal.removeAdmin(request.portal!.email, request.params.id, request.params.email)),
  );

  app.post(
    "/:id/checkout",
    {
      config: business,
      schema: {
        tags,
        summary: "Buy more seats, or renew seats, through the same checkout as the first purchase",
        description: `${ADMIN}\n\`{ kind: "add", seats: 1-100 }\` or \`{ kind: "renew", seatIds }\` (redeemed seats within 60 days of expiry: 12 more months from it). Answers the hosted checkout's URL (Stripe, or the test checkout); seats appear once the payment is confirmed on the server. Sets an httpOnly single-use cookie bound to the checkout: the success page opened in this browser gets a portal session (see \`POST /user/create-coupons\`).`,
        params: businessParamsSchema,
        body: portalCheckoutBodySchema,
        response: { 200: portalCheckoutResponseSchema },
      },
    },
    async (request, reply) => {
      const { url, browserToken } = await portal.checkout(
        request.portal!.email,
        request.params.id,
        request.body,
      );
      setCheckoutCookie(reply, browserToken, options);
      return ok("Checkout created", { url });
    },
  );

  app.get(
    "/:id/invoices",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's invoices, newest first",
        description: `${ADMIN}\nOne per paid checkout, numbered SER-YYYY-NNNNNN; totals in integer cents; each with its PDF's URL.`,
        params: businessParamsSchema,
        response: { 200: invoiceListResponseSchema },
      },
    },
    async (request) => {
      const rows = await portal.invoices(request.params.id);
      return listReply(
        "Invoices",
        rows.map((i) => toInvoice(i, request.params.id)),
        { total: rows.length },
      );
    },
  );

  app.get(
    "/:id/invoices/:invoiceId.pdf",
    {
      config: business,
      schema: {
        tags,
        summary: "An invoice as a PDF",
        description: `${ADMIN}\nRendered by the server: number, issue date, seller, the business's name, address and tax ID as they stood then, lines, total, "Paid".`,
        params: invoiceParamsSchema,
      },
    },
    async (request, reply) => {
      const { number, pdf } = await portal.invoicePdf(request.params.id, request.params.invoiceId);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${number}.pdf"`)
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/:id/report",
    {
      config: business,
      schema: {
        tags,
        summary: "An anonymised report of how the team uses Serene",
        description: `${ADMIN}\nWhole calendar months that have ended: \`month\` (\`2026-10\`), or \`from\` and \`to\` (months, at most ${REPORT_MAX_MONTHS}); the current or a future month is refused (400 naming the field). Listening counts only while the listener held a seat of this business; \`redeemed\` is the seats held at the last month's end (exact). Active listeners, minutes, sessions, complete ISO weeks, top interests and mood lift, never per person: every figure resting on fewer than ${REPORT_MIN_LISTENERS} listeners is null and named in \`suppressed\` (the range's figures need ${REPORT_MIN_LISTENERS} in each of its months). Counts are rounded to the nearest 5, minutes to the nearest 10, shares to whole 5 %.`,
        params: businessParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema },
      },
    },
    async (request) => ok("Report", await portal.report(request.params.id, request.query)),
  );

  app.get(
    "/:id/activity",
    {
      config: business,
      schema: {
        tags,
        summary: "What each admin did in the portal, newest first",
        description: `${ADMIN}\nWho (an admin's address; null for Serene itself), what and when; paged by \`cursor\`.`,
        params: businessParamsSchema,
        querystring: businessActivityQuerySchema,
        response: { 200: businessActivityListResponseSchema },
      },
    },
    async (request) => {
      const { items, nextCursor } = await portal.activity(request.params.id, request.query);
      return listReply("Activity", items.map(toBusinessActivity), { nextCursor });
    },
  );
}

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
