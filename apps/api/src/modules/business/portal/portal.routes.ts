import {
  businessActivityListResponseSchema,
  businessActivityQuerySchema,
  businessParamsSchema,
  businessResponseSchema,
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
  updateBusinessBodySchema,
} from "@serene/contract";
import { listReply, ok } from "../../../lib/reply.ts";
import { portalToken } from "../../../plugins/auth-guard.ts";
import type { App } from "../../../plugins/types.ts";
import { adminRoutes } from "./admins.routes.ts";
import { billingRoutes } from "./billing.routes.ts";
import { eligibilityRoutes } from "./eligibility.routes.ts";
import { PORTAL_COOKIE_PATH, setPortalSessionCookie } from "./portal-cookies.ts";
import { toBusiness, toBusinessActivity } from "./portal.presenter.ts";
import { ADMIN, PUBLIC, type PortalRoutesOptions, business, tags } from "./routes-shared.ts";
import { seatActionRoutes } from "./seat-actions.routes.ts";
import { seatRoutes } from "./seats.routes.ts";

/** The business portal: /api/v1/business (BUSINESS-API.md). */
export async function portalRoutes(app: App, options: PortalRoutesOptions) {
  const { portal, siteUrl } = options;
  const present = async (id: string) => {
    const b = await portal.get(id);
    return ok("Business", toBusiness(b, siteUrl));
  };
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
      await portal.update(request.portal.email, request.params.id, request.body);
      return present(request.params.id);
    },
  );
  seatRoutes(app, portal);
  seatActionRoutes(app, portal);
  eligibilityRoutes(app, portal);
  adminRoutes(app, portal);
  billingRoutes(app, options);

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
