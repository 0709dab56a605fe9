import {
  type BusinessListQuery,
  CURRENCY,
  type GrantSeatsInput,
  type BusinessFilter,
} from "@serene/contract";
import { type Actor, recordActivity } from "../../activity/index.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { eachBusiness, listBusinesses, listBusinessPurchases } from "./back-office.repository.ts";
import { newSubscriptionCode } from "../codes.ts";
import { isBusinessAdmin } from "../portal/admins.repository.ts";
import { insertBusinessActivity } from "../portal/businesses.repository.ts";
import { createPortalCore, type PortalServiceDeps } from "../portal/portal-core.ts";
import { insertCodes } from "../purchases/codes.repository.ts";
import { insertPurchase } from "../purchases/purchases.repository.ts";

/**
 * The back office's businesses: list, export, detail, a new sign-in link for an admin, free seats.
 * It stands above the portal and the purchases (a free grant is a purchase): on the portal's core.
 */
export function createBackOffice(deps: PortalServiceDeps) {
  const { db, sender, business, adminList } = createPortalCore(deps);
  return {
    /** The back office's list of businesses, in the order asked (newest first unless told). */
    async list(query: BusinessListQuery) {
      const { rows, total } = await listBusinesses(db, query);
      return { items: await Promise.all(rows.map((r) => business(r.business.id))), total };
    },

    /** The businesses a search matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, filter: BusinessFilter) {
      await recordActivity(db, actor, "business.export", "business", null, { filter });
      return eachBusiness(db, filter);
    },

    /** One business for the back office: with its admins and purchases. */
    async detail(id: string) {
      const found = await business(id);
      const [admins, purchases] = await Promise.all([adminList(id), listBusinessPurchases(db, id)]);
      return { ...found, admins, purchases };
    },

    /** The back office sends an admin of the business a new sign-in link. */
    async sendAdminLink(actor: Actor, id: string, email: string) {
      await business(id);
      if (!(await isBusinessAdmin(db, email, id))) throw notFound("Admin");
      if (!(await sender.sendLink(email)))
        throw new AppError("service_unavailable", "The e-mail could not be sent. Please try again later.");
      await recordActivity(db, actor, "business.send_portal_link", "business", id, { email });
    },

    /** Seats the back office gives for free, with a reason: a paid-at-once purchase of 0, audited. */
    async grantSeats(actor: Actor, id: string, input: GrantSeatsInput) {
      const { row } = await business(id);
      await db.transaction(async (tx) => {
        const purchase = await insertPurchase(tx, {
          assignedName: row.name,
          email: row.billingEmail,
          totalUsers: input.seats,
          totalMonths: input.months,
          amountCents: 0,
          currency: CURRENCY,
          provider: "grant",
          state: "paid",
          paidAt: new Date(),
          codesCreatedAt: new Date(),
          codesEmailedAt: new Date(),
          businessId: id,
          kind: "grant",
        });
        let made = 0;
        while (made < input.seats) {
          const batch = Array.from({ length: input.seats - made }, newSubscriptionCode);
          made += (await insertCodes(tx, purchase.id, [...new Set(batch)])).length;
        }
        // Nothing of the business changes: the record is the free purchase its seats come from.
        await recordActivity(
          tx,
          actor,
          "business.grant_seats",
          "business",
          id,
          { ...input },
          { after: purchase },
        );
        await insertBusinessActivity(tx, id, null, "seats.granted", { ...input });
      });
      return business(id);
    },
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
