import { type PortalCheckoutInput, RENEW_WINDOW_DAYS, SUBSCRIPTION_MONTHS } from "@serene/contract";
import { AppError, notFound } from "../../../lib/errors.ts";
import { insertBusinessActivity } from "./businesses.repository.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { findInvoice, listInvoices } from "./invoices.repository.ts";
import { type PortalCore, type PortalOrder } from "./portal-core.ts";
import { seatsByIds } from "./seats.repository.ts";

/** Buying more seats or renewing them from the portal, and the business's invoices. */
export function createBilling(deps: PortalCore) {
  const { db, business } = deps;
  return {
    /**
     * Opens a checkout for more seats (1-100) or for renewing redeemed seats within 60 days of
     * their expiry; the seats appear (or run on) once the payment is confirmed on the server.
     */
    async checkout(actor: string, id: string, body: PortalCheckoutInput) {
      const { row } = await business(id);
      let order: PortalOrder;
      let seats: number;
      if (body.kind === "add") {
        order = { businessId: id, kind: "add" };
        seats = body.seats;
      } else {
        const ids = [...new Set(body.seatIds)];
        const found = new Map((await seatsByIds(db, id, ids)).map((s) => [s.id, s]));
        const horizon = Date.now() + RENEW_WINDOW_DAYS * 24 * 3600_000;
        const refused = ids.filter((seatId) => {
          const seat = found.get(seatId);
          return !seat || seat.state !== "redeemed" || seat.expiresAt!.getTime() > horizon;
        });
        if (refused.length > 0)
          throw new AppError(
            "conflict",
            `Only redeemed seats expiring within ${RENEW_WINDOW_DAYS} days can be renewed`,
            refused.map((seatId) => ({ field: "seatIds", message: `${seatId} cannot be renewed now` })),
          );
        order = { businessId: id, kind: "renew", renewCodeIds: ids };
        seats = ids.length;
      }
      const { url, browserToken } = await deps.checkout(
        {
          assignedName: row.name,
          email: actor,
          totalUsers: seats,
          totalMonths: SUBSCRIPTION_MONTHS,
          sessionReturn: true,
        },
        order,
      );
      await insertBusinessActivity(db, id, actor, `checkout.${body.kind}`, { seats });
      return { url, browserToken };
    },

    invoices: (id: string) => listInvoices(db, id),

    /** An invoice as a PDF, with the seller it was issued by. */
    async invoicePdf(id: string, invoiceId: string) {
      const invoice = await findInvoice(db, id, invoiceId);
      if (!invoice) throw notFound("Invoice");
      return { number: invoice.number, pdf: invoicePdf(invoice, deps.seller) };
    },
  };
}
