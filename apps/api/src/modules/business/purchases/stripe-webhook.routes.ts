import { purchasesEndpoints } from "@serene/contract";
import { route } from "../../../plugins/route.ts";
import { AppError } from "../../../lib/errors.ts";
import { ok } from "../../../lib/reply.ts";
import type { App } from "../../../plugins/types.ts";
import type { BusinessService } from "./purchases.service.ts";
import type { StripeGateway } from "./stripe-gateway.ts";

/**
 * POST /webhooks/stripe: Stripe's signed events. Registered on its own so that its body parser
 * (the raw bytes the signature covers) applies to this route only.
 */
export async function stripeWebhookRoutes(
  app: App,
  { business, stripe }: { business: BusinessService; stripe: StripeGateway | null },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  route(app, purchasesEndpoints.stripeWebhook, async (request) => {
    // Without Stripe this server has no webhook to call: a client error, not a server one.
    if (!stripe) throw new AppError("not_found", "Stripe is not configured on this server");
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers["stripe-signature"];
    const event = await stripe.verifyWebhook(raw, typeof signature === "string" ? signature : undefined);
    const outcome = await business.handleStripeEvent(event, { ip: request.ip });
    request.log.info({ eventId: event.id, type: event.type, outcome }, "Stripe webhook");
    return ok(`Received ${event.type}`);
  });
}
