import {
  businessParamsSchema,
  invitesBodySchema,
  inviteListResponseSchema,
  RENEW_WINDOW_DAYS,
  seatListQuerySchema,
  seatListResponseSchema,
  seatParamsSchema,
  seatResponseSchema,
} from "@serene/contract";
import { AppError } from "../../../lib/errors.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App, UploadHookRequest } from "../../../plugins/types.ts";
import { emailsFromCsv } from "./invite-csv.ts";
import { toSeat } from "./portal.presenter.ts";
import type { PortalService } from "./portal.service.ts";
import { ADMIN, business, tags } from "./routes-shared.ts";

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
  app.get(
    "/:id/seats",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's seats, newest first (or soonest to expire)",
        description: `${ADMIN}\nFilter by \`state\`, search by e-mail or name (\`q\`); paged by \`cursor\` (\`meta.nextCursor\`). \`expiringWithinDays\` (1-366): only the redeemed seats that expire within that many days, soonest first (the renewals use ${RENEW_WINDOW_DAYS}).`,
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
      const rows = await portal.invite(request.portal.email, request.params.id, request.body.emails);
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
      const seat = await portal.resend(request.portal.email, id, seatId);
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
      const seat = await portal.remove(request.portal.email, id, seatId);
      return ok("Seat freed", toSeat(seat));
    },
  );
}
