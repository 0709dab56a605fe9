import { seatEmailBodySchema, seatParamsSchema, seatResponseSchema } from "@serene/contract";

import { ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { toSeat } from "./portal.presenter.ts";
import type { PortalService } from "./portal.service.ts";
import { ADMIN } from "./routes-shared.ts";

/** A seat's own actions in the portal: withdraw, re-address, give (BUSINESS-API.md, the finished portal). */
export function seatActionRoutes(app: App, portal: PortalService) {
  const tags = ["business portal"];
  const config = { access: "business" as const };

  app.post(
    "/:id/seats/:seatId/withdraw",
    {
      config,
      schema: {
        tags,
        summary: "Withdraw an invitation",
        description: `${ADMIN}\nOnly for an invited seat (409 otherwise). The seat is no one's again (\`unsent\`, or \`freed\` with its days for a freed seat given before) with a new code: the invited code no longer redeems. The invitee is told by e-mail.`,
        params: seatParamsSchema,
        response: { 200: seatResponseSchema },
      },
    },
    async (request) => {
      const { id, seatId } = request.params;
      const seat = await portal.withdraw(request.portal.email, id, seatId);
      return ok("Invitation withdrawn", toSeat(seat));
    },
  );

  app.post(
    "/:id/seats/:seatId/readdress",
    {
      config,
      schema: {
        tags,
        summary: "Send an invitation to a corrected address",
        description: `${ADMIN}\nOnly for an invited seat (409 otherwise; 409 \`already_invited\` when the new address already holds a seat). The seat is invited to \`email\` with a new code, sent to it; the old code no longer redeems.`,
        params: seatParamsSchema,
        body: seatEmailBodySchema,
        response: { 200: seatResponseSchema },
      },
    },
    async (request) => {
      const { id, seatId } = request.params;
      const seat = await portal.readdress(request.portal.email, id, seatId, request.body.email);
      return ok(`Invitation sent to ${request.body.email}`, toSeat(seat));
    },
  );

  app.post(
    "/:id/seats/:seatId/give",
    {
      config,
      schema: {
        tags,
        summary: "Give a free seat to someone",
        description: `${ADMIN}\nOnly for an \`unsent\` or \`freed\` seat whose code was not in the purchase e-mail (409 otherwise; 409 \`already_invited\` when the address already holds a seat). The seat is invited to \`email\`, who gets its code; a freed seat keeps its days (\`keepsDays\`).`,
        params: seatParamsSchema,
        body: seatEmailBodySchema,
        response: { 200: seatResponseSchema },
      },
    },
    async (request) => {
      const { id, seatId } = request.params;
      const seat = await portal.give(request.portal.email, id, seatId, request.body.email);
      return ok(`Seat given to ${request.body.email}`, toSeat(seat));
    },
  );
}
