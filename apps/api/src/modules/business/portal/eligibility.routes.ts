import { portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";

import { AppError } from "../../../lib/errors.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App, UploadHookRequest } from "../../../plugins/types.ts";
import { emailLinesFromCsv } from "./invite-csv.ts";
import type { PortalService } from "./portal.service.ts";
/** 50,000 rows of an address and a name fit many times over. */
const MAX_STAFF_LIST_BYTES = 16 * 1024 * 1024;

const fileRequired = () =>
  new AppError("validation_failed", "Send the staff list as a CSV file in the field `file`", [
    { field: "file", message: "is required" },
  ]);

/** The multipart form (`file`, `dryRun`, `graceDays`) read into the body `{ rows, dryRun, graceDays }` before validation. */
async function staffListAsBody(request: UploadHookRequest) {
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
  route(
    app,
    portalEndpoints.syncStaffList,
    async (request) => {
      const diff = await portal.syncStaffList(request.portal.email, request.params.id, request.body);
      return ok(diff.applied ? "Staff list applied" : "Dry run", diff);
    },
    { preValidation: staffListAsBody },
  );

  route(app, portalEndpoints.removals, async (request) => {
    const rows = await portal.removals(request.params.id);
    return listReply("Pending removals", rows, { total: rows.length });
  });

  route(app, portalEndpoints.cancelRemoval, async (request) => {
    await portal.cancelRemoval(request.portal.email, request.params.id, request.params.seatId);
    return ok("Removal cancelled: that person keeps the seat");
  });
}
