import { PORTAL_SESSION_COOKIE, portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import { portalToken } from "../../../plugins/auth-guard.ts";
import type { App } from "../../../plugins/types.ts";
import { adminRoutes } from "./admins.routes.ts";
import { billingRoutes } from "./billing.routes.ts";
import { eligibilityRoutes } from "./eligibility.routes.ts";
import { PORTAL_COOKIE_PATH, setPortalSessionCookie } from "./portal-cookies.ts";
import { toBusiness, toBusinessActivity } from "./portal.presenter.ts";
import type { PortalRoutesOptions } from "./routes-shared.ts";
import { seatActionRoutes } from "./seat-actions.routes.ts";
import { seatRoutes } from "./seats.routes.ts";

/** The business portal: /api/v1/business (BUSINESS-API.md). */
export async function portalRoutes(app: App, options: PortalRoutesOptions) {
  const { portal, siteUrl } = options;
  const present = async (id: string) => {
    const b = await portal.get(id);
    return ok("Business", toBusiness(b, siteUrl));
  };
  route(
    app,
    portalEndpoints.requestLink,
    async (request) => {
      portal.requestLink(request.body.email);
      return ok("If this address manages a business on Serene, a sign-in link is on its way.");
    },
    { config: { rateLimit: options.linkLimit } },
  );

  route(
    app,
    portalEndpoints.startSession,
    async (request, reply) => {
      const { token, email, businesses } = await portal.startSession(request.body.token);
      setPortalSessionCookie(reply, token, options);
      return ok("Signed in", {
        token,
        admin: { email },
        businesses: businesses.map((b) => ({ _id: b.id, name: b.name })),
      });
    },
    { config: { rateLimit: options.linkLimit } },
  );

  route(app, portalEndpoints.signOut, async (request, reply) => {
    const token = portalToken(request);
    if (token) await portal.signOut(token);
    reply.clearCookie(PORTAL_SESSION_COOKIE, { path: PORTAL_COOKIE_PATH });
    return ok("Signed out");
  });

  route(app, portalEndpoints.get, async (request) => present(request.params.id));

  route(app, portalEndpoints.update, async (request) => {
    await portal.update(request.portal.email, request.params.id, request.body);
    return present(request.params.id);
  });
  seatRoutes(app, portal);
  seatActionRoutes(app, portal);
  eligibilityRoutes(app, portal);
  adminRoutes(app, portal);
  billingRoutes(app, options);

  route(app, portalEndpoints.report, async (request) =>
    ok("Report", await portal.report(request.params.id, request.query)),
  );

  route(app, portalEndpoints.activity, async (request) => {
    const { items, nextCursor } = await portal.activity(request.params.id, request.query);
    return listReply("Activity", items.map(toBusinessActivity), { nextCursor });
  });
}
