import { portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";

import { ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { toSeat } from "./portal.presenter.ts";
import type { PortalService } from "./portal.service.ts";

/** A seat's own actions in the portal: withdraw, re-address, give (BUSINESS-API.md, the finished portal). */
export function seatActionRoutes(app: App, portal: PortalService) {
  route(app, portalEndpoints.withdraw, async (request) => {
    const { id, seatId } = request.params;
    const seat = await portal.withdraw(request.portal.email, id, seatId);
    return ok("Invitation withdrawn", toSeat(seat));
  });

  route(app, portalEndpoints.readdress, async (request) => {
    const { id, seatId } = request.params;
    const seat = await portal.readdress(request.portal.email, id, seatId, request.body.email);
    return ok(`Invitation sent to ${request.body.email}`, toSeat(seat));
  });

  route(app, portalEndpoints.give, async (request) => {
    const { id, seatId } = request.params;
    const seat = await portal.give(request.portal.email, id, seatId, request.body.email);
    return ok(`Seat given to ${request.body.email}`, toSeat(seat));
  });
}
