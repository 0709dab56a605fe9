import { portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { listReply } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import type { PortalService } from "./portal.service.ts";
import { iso } from "../../../lib/iso.ts";

/** A business's admins in the portal. */
export function adminRoutes(app: App, portal: PortalService) {
  const admins = (rows: Awaited<ReturnType<PortalService["admins"]>>) =>
    listReply(
      "Admins",
      rows.map((a) => ({
        email: a.email,
        addedAt: iso(a.addedAt),
        lastSignInAt: iso(a.lastSignInAt),
      })),
      { total: rows.length },
    );
  route(app, portalEndpoints.admins, async (request) => admins(await portal.admins(request.params.id)));

  route(app, portalEndpoints.addAdmin, async (request) =>
    admins(await portal.addAdmin(request.portal.email, request.params.id, request.body.email)),
  );

  route(app, portalEndpoints.removeAdmin, async (request) =>
    admins(await portal.removeAdmin(request.portal.email, request.params.id, request.params.email)),
  );
}
