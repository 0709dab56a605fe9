import {
  eligibilityBodySchema,
  eligibilityResponseSchema,
  MAX_ELIGIBILITY_ROWS,
  okEnvelopeSchema,
  removalListResponseSchema,
  removalParamsSchema,
  businessParamsSchema,
} from "@serene/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { emailLinesFromCsv, type PortalService } from "./portal.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

const ADMIN = "Access: business admin.";
/** 50,000 rows of an address and a name fit many times over. */
const MAX_STAFF_LIST_BYTES = 16 * 1024 * 1024;

const fileRequired = () =>
  new AppError("validation_failed", "Send the staff list as a CSV file in the field `file`", [
    { field: "file", message: "is required" },
  ]);

/** The multipart form (`file`, `dryRun`, `graceDays`) read into the body `{ rows, dryRun, graceDays }` before validation. */
async function staffListAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileRequired();
  const body: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_STAFF_LIST_BYTES, files: 1 } })) {
    if (part.type === "file") {
      if (part.fieldname !== "file") throw fileRequired();
      body.rows = emailLinesFromCsv((await part.toBuffer()).toString("utf8"));
    } else if (part.fieldname === "dryRun" || part.fieldname === "graceDays")
      body[part.fieldname] = part.value;
  }
  if (!body.rows) throw fileRequired();
  request.body = body;
}

/** Eligibility sync: the staff list keeps the seats in step (BUSINESS-API.md, the finished portal). */
export function eligibilityRoutes(app: App, portal: PortalService) {
  const tags = ["business portal"];
  const config = { access: "business" as const };

  app.post(
    "/:id/eligibility",
    {
      config,
      preValidation: staffListAsBody,
      schema: {
        tags,
        summary: "Keep the seats in step with the staff list (dry run, or apply)",
        description: `${ADMIN}\nMultipart: \`file\` (CSV with an \`email\` column, optional \`name\`; at most ${MAX_ELIGIBILITY_ROWS.toLocaleString("en-US")} rows), \`dryRun\` (\`true\` by default, or \`false\`), \`graceDays\` (0-30, default 14). Answers the diff: new addresses invited while free seats last (\`needSeats\`: how many more to buy), how many listed addresses hold a seat (\`keep\`), the seats of addresses no longer listed, freed on \`freesOn\` unless cancelled (\`remove\`), and the rows left out for want of a valid address, by line number (\`errors\`; the header is line 1). \`dryRun=false\` applies exactly that: the invitations go out now, the removals wait for the scheduled jobs at the end of the grace period (each person is told by e-mail). The same list again changes nothing.`,
        consumes: ["multipart/form-data"],
        params: businessParamsSchema,
        body: eligibilityBodySchema,
        response: { 200: eligibilityResponseSchema },
      },
    },
    async (request) => {
      const diff = await portal.syncStaffList(request.portal!.email, request.params.id, request.body);
      return ok(diff.applied ? "Staff list applied" : "Dry run", diff);
    },
  );

  app.get(
    "/:id/eligibility/removals",
    {
      config,
      schema: {
        tags,
        summary: "Seats to be freed at the end of their grace period",
        description: `${ADMIN}\nThe pending removals of the staff list, soonest first.`,
        params: businessParamsSchema,
        response: { 200: removalListResponseSchema },
      },
    },
    async (request) => {
      const rows = await portal.removals(request.params.id);
      return listReply("Pending removals", rows, { total: rows.length });
    },
  );

  app.delete(
    "/:id/eligibility/removals/:seatId",
    {
      config,
      schema: {
        tags,
        summary: "Cancel a pending removal: that person keeps the seat",
        description: `${ADMIN}\n404 when the seat has no pending removal.`,
        params: removalParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await portal.cancelRemoval(request.portal!.email, request.params.id, request.params.seatId);
      return ok("Removal cancelled: that person keeps the seat");
    },
  );
}
