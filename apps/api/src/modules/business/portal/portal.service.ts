import { type ReportQuery, type UpdateBusinessInput } from "@serene/contract";
import { parseTimeCursor, timePage } from "../../../lib/paging.ts";
import { createAdmins } from "./admins.service.ts";
import { createBilling } from "./billing.service.ts";
import {
  findBusiness,
  insertBusinessActivity,
  listBusinessActivity,
  rotateJoinToken,
  updateBusiness,
} from "./businesses.repository.ts";
import { createEligibility } from "./eligibility.ts";
import { type PortalServiceDeps, createPortalCore } from "./portal-core.ts";
import { invitationWithdrawn } from "./portal.mail.ts";
import { businessReport } from "./report.service.ts";
import { createSeatActions } from "./seat-actions.ts";
import { createSeats } from "./seats.service.ts";
import { createPortalSessions } from "./sessions.service.ts";

/**
 * The business portal's service, one object for the routes and jobs: its parts (portal-core.ts,
 * sessions, seats, seat actions, admins, billing, eligibility, the report)
 * joined on the shared core.
 */
export function createPortalService(deps: PortalServiceDeps) {
  const core = createPortalCore(deps);
  const { db, supportEmail, send, business, seat, sendInvitation } = core;

  const seatActions = createSeatActions({
    db,
    seat,
    sendInvitation,
    async sendWithdrawn(businessId, email) {
      const businessName = (await business(businessId)).row.name;
      return send(email, invitationWithdrawn({ businessName, supportEmail }));
    },
  });

  const service = {
    ...seatActions,
    ...createPortalSessions(core),

    get: business,

    async update(actor: string | null, id: string, body: UpdateBusinessInput) {
      const { rotateJoinUrl, ...fields } = body;
      await db.transaction(async (tx) => {
        const before = (await findBusiness(tx, id))!;
        // Only the fields whose value changed are named in the log.
        const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
          (f) => JSON.stringify(before[f]) !== JSON.stringify(fields[f]),
        );
        if (changed.length > 0) await updateBusiness(tx, id, fields);
        if (rotateJoinUrl) await rotateJoinToken(tx, id);
        const named = rotateJoinUrl ? [...changed, "rotateJoinUrl"] : changed;
        if (named.length > 0)
          await insertBusinessActivity(tx, id, actor, "business.update", { changed: named });
      });
      return business(id);
    },
    ...createSeats(core),
    ...createAdmins(core),
    ...createBilling(core),

    /** The anonymised report of whole ended months (BUSINESS-API.md; report.service.ts). */
    async report(id: string, query: ReportQuery) {
      await business(id);
      return businessReport(deps, id, query);
    },

    async activity(id: string, query: { cursor?: string; limit: number }) {
      const rows = await listBusinessActivity(db, id, query.limit, parseTimeCursor(query.cursor));
      return timePage(
        rows,
        query.limit,
        (r): [string, string] => [r.cursorAt, r.activity.id],
        (r) => r.activity,
      );
    },
  };
  const eligibility = createEligibility({
    db,
    now: deps.now,
    invite: service.invite,
    remove: service.remove,
    withdraw: seatActions.withdraw,
    business,
  });
  return { ...service, ...eligibility };
}

export type PortalService = ReturnType<typeof createPortalService>;
