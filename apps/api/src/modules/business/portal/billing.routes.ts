import {
  businessParamsSchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  portalCheckoutBodySchema,
  portalCheckoutResponseSchema,
} from "@serene/contract";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { setCheckoutCookie } from "./portal-cookies.ts";
import { toInvoice } from "./portal.presenter.ts";
import { ADMIN, type PortalRoutesOptions, business, tags } from "./routes-shared.ts";

/** Buying more seats or renewing them, and the invoices, in the portal. */
export function billingRoutes(app: App, options: PortalRoutesOptions) {
  const { portal } = options;

  app.post(
    "/:id/checkout",
    {
      config: business,
      schema: {
        tags,
        summary: "Buy more seats, or renew seats, through the same checkout as the first purchase",
        description: `${ADMIN}\n\`{ kind: "add", seats: 1-100 }\` or \`{ kind: "renew", seatIds }\` (redeemed seats within 60 days of expiry: 12 more months from it). Answers the hosted checkout's URL (Stripe, or the test checkout); seats appear once the payment is confirmed on the server. Sets an httpOnly single-use cookie bound to the checkout: the success page opened in this browser gets a portal session (see \`POST /user/create-coupons\`).`,
        params: businessParamsSchema,
        body: portalCheckoutBodySchema,
        response: { 200: portalCheckoutResponseSchema },
      },
    },
    async (request, reply) => {
      const { url, browserToken } = await portal.checkout(
        request.portal.email,
        request.params.id,
        request.body,
      );
      setCheckoutCookie(reply, browserToken, options);
      return ok("Checkout created", { url });
    },
  );

  app.get(
    "/:id/invoices",
    {
      config: business,
      schema: {
        tags,
        summary: "The business's invoices, newest first",
        description: `${ADMIN}\nOne per paid checkout, numbered SER-YYYY-NNNNNN; totals in integer cents; each with its PDF's URL.`,
        params: businessParamsSchema,
        response: { 200: invoiceListResponseSchema },
      },
    },
    async (request) => {
      const rows = await portal.invoices(request.params.id);
      return listReply(
        "Invoices",
        rows.map((i) => toInvoice(i, request.params.id)),
        { total: rows.length },
      );
    },
  );

  app.get(
    "/:id/invoices/:invoiceId.pdf",
    {
      config: business,
      schema: {
        tags,
        summary: "An invoice as a PDF",
        description: `${ADMIN}\nRendered by the server: number, issue date, seller, the business's name, address and tax ID as they stood then, lines, total, "Paid".`,
        params: invoiceParamsSchema,
      },
    },
    async (request, reply) => {
      const { number, pdf } = await portal.invoicePdf(request.params.id, request.params.invoiceId);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${number}.pdf"`)
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );
}
