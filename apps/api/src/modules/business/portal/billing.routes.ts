import { portalEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { listReply, ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import { setCheckoutCookie } from "./portal-cookies.ts";
import { toInvoice } from "./portal.presenter.ts";
import type { PortalRoutesOptions } from "./routes-shared.ts";

/** Buying more seats or renewing them, and the invoices, in the portal. */
export function billingRoutes(app: App, options: PortalRoutesOptions) {
  const { portal } = options;

  route(app, portalEndpoints.checkout, async (request, reply) => {
    const { url, browserToken } = await portal.checkout(
      request.portal.email,
      request.params.id,
      request.body,
    );
    setCheckoutCookie(reply, browserToken, options);
    return ok("Checkout created", { url });
  });

  route(app, portalEndpoints.invoices, async (request) => {
    const rows = await portal.invoices(request.params.id);
    return listReply(
      "Invoices",
      rows.map((i) => toInvoice(i, request.params.id)),
      { total: rows.length },
    );
  });

  route(app, portalEndpoints.invoicePdf, async (request, reply) => {
    const { number, pdf } = await portal.invoicePdf(request.params.id, request.params.invoiceId);
    return reply
      .type("application/pdf")
      .header("Content-Disposition", `attachment; filename="${number}.pdf"`)
      .header("Cache-Control", "private, no-store")
      .send(pdf);
  });
}
