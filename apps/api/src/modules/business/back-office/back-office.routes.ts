import { businessesEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { sendCsv } from "../../../lib/csv.ts";
import { pageMeta } from "../../../lib/paging.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { toBusiness, toBusinessActivity } from "../portal/portal.presenter.ts";
import { businessCsv } from "./back-office.presenter.ts";
import type { PortalService } from "../portal/portal.service.ts";
import type { BackOffice } from "./back-office.service.ts";
import { iso } from "../../../lib/iso.ts";

/** The back office's businesses: /api/v1/user/businesses (admins only: routes that do not say are). */
export async function backOfficeBusinessRoutes(
  app: App,
  { backOffice, portal, siteUrl }: { backOffice: BackOffice; portal: PortalService; siteUrl: string },
) {
  const presentBusiness = (b: Awaited<ReturnType<PortalService["get"]>>) => toBusiness(b, siteUrl);

  route(app, businessesEndpoints.list, async (request) => {
    const { cursor, limit } = request.query;
    const page = cursor ? Number(cursor.slice(1)) : request.query.page;
    const { items, total } = await backOffice.list({ ...request.query, page });
    const meta = pageMeta(page, limit, total);
    const nextCursor = page < meta.pages ? `p${page + 1}` : null;
    return listReply("Businesses", items.map(presentBusiness), { ...meta, nextCursor });
  });

  route(app, businessesEndpoints.export, async (request, reply) =>
    sendCsv(reply, "businesses", businessCsv, await backOffice.exportRows(request.auth, request.query)),
  );

  route(app, businessesEndpoints.get, async (request) => {
    const found = await backOffice.detail(request.params.id);
    return ok("Business", {
      ...presentBusiness(found),
      admins: found.admins.map((a) => ({
        email: a.email,
        addedAt: iso(a.addedAt),
        lastSignInAt: iso(a.lastSignInAt),
      })),
      purchases: found.purchases.map((p) => ({
        _id: p.id,
        kind: p.kind,
        seats: p.kind === "renew" ? (p.renewCodeIds?.length ?? 0) : p.totalUsers,
        amountCents: p.amountCents,
        currency: p.currency,
        state: p.state,
        createdAt: iso(p.createdAt),
        paidAt: iso(p.paidAt),
      })),
    });
  });

  route(app, businessesEndpoints.activity, async (request) => {
    await portal.get(request.params.id);
    const { items, nextCursor } = await portal.activity(request.params.id, request.query);
    return listReply("Activity", items.map(toBusinessActivity), { nextCursor });
  });

  route(app, businessesEndpoints.sendAdminLink, async (request) => {
    await backOffice.sendAdminLink(request.auth, request.params.id, request.params.email);
    return ok(`A sign-in link is on its way to ${request.params.email}`);
  });

  route(app, businessesEndpoints.grantSeats, async (request) =>
    ok(
      "Seats given",
      presentBusiness(await backOffice.grantSeats(request.auth, request.params.id, request.body)),
    ),
  );
}
