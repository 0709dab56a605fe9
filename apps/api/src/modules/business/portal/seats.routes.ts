import { portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { AppError } from "../../../lib/errors.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App, UploadHookRequest } from "../../../plugins/types.ts";
import { emailsFromCsv } from "./invite-csv.ts";
import { toSeat } from "./portal.presenter.ts";
import type { PortalService } from "./portal.service.ts";

/** A CSV upload is at most this large (1,000 addresses fit many times over). */
const MAX_CSV_BYTES = 512 * 1024;

/** A multipart invitation (a CSV file in `file`) read into the JSON body `{ emails }` before validation. */
async function csvAsBody(request: UploadHookRequest) {
  if (!request.isMultipart()) return;
  const file = await request.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
  if (!file || file.fieldname !== "file")
    throw new AppError("validation_failed", "Send the CSV file in the field `file`", [
      { field: "file", message: "is required" },
    ]);
  const csv = (await file.toBuffer()).toString("utf8");
  request.body = { emails: emailsFromCsv(csv) };
}

/** A business's seats in the portal: the list, invitations, sending one again, taking a seat back. */
export function seatRoutes(app: App, portal: PortalService) {
  route(app, portalEndpoints.seats, async (request) => {
    const { items, nextCursor } = await portal.seats(request.params.id, request.query);
    return listReply("Seats", items.map(toSeat), { nextCursor });
  });

  route(
    app,
    portalEndpoints.invite,
    async (request) => {
      const rows = await portal.invite(request.portal.email, request.params.id, request.body.emails);
      return listReply("Invitations", rows, { total: rows.length });
    },
    { preValidation: csvAsBody },
  );

  route(app, portalEndpoints.resend, async (request) => {
    const { id, seatId } = request.params;
    const seat = await portal.resend(request.portal.email, id, seatId);
    return ok("Invitation sent again", toSeat(seat));
  });

  route(app, portalEndpoints.remove, async (request) => {
    const { id, seatId } = request.params;
    const seat = await portal.remove(request.portal.email, id, seatId);
    return ok("Seat freed", toSeat(seat));
  });
}
