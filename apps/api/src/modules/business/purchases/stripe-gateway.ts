import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { StripeConfig } from "../../../config/env.ts";
import { AppError } from "../../../lib/errors.ts";

/** What we read of a Checkout Session (from the API or a webhook). */
export interface CheckoutSessionInfo {
  id: string;
  url: string | null;
  paymentStatus: string;
  status: string | null;
  amountTotal: number | null;
  currency: string | null;
  purchaseId: string | null;
  /** What the buyer entered on Stripe's page for the invoice (name, address, tax ID), once paid. */
  billing: CollectedBilling | null;
}

export interface CollectedBilling {
  name: string | null;
  address: string | null;
  taxId: string | null;
}

const addressLine = (a: Stripe.Address | null | undefined) =>
  a
    ? [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(" "), a.state, a.country]
        .filter(Boolean)
        .join(", ") || null
    : null;

const toBilling = (d: Stripe.Checkout.Session.CustomerDetails | null | undefined): CollectedBilling | null =>
  d
    ? {
        name: d.business_name || d.name || null,
        address: addressLine(d.address),
        taxId: d.tax_ids?.[0]?.value ?? null,
      }
    : null;

/** The verified webhook event, reduced to what we act on. */
export interface WebhookEvent {
  id: string;
  type: string;
  session: CheckoutSessionInfo | null;
}

export interface NewCheckoutSession {
  purchaseId: string;
  email: string;
  seats: number;
  unitAmountCents: number;
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

const toInfo = (s: Stripe.Checkout.Session): CheckoutSessionInfo => ({
  id: s.id,
  url: s.url ?? null,
  paymentStatus: s.payment_status,
  status: s.status ?? null,
  amountTotal: s.amount_total ?? null,
  currency: s.currency ?? null,
  purchaseId: s.metadata?.purchaseId ?? s.client_reference_id ?? null,
  billing: toBilling(s.customer_details),
});

/** The only place that talks to Stripe: Checkout Sessions and webhook verification. */
export function createStripeGateway(config: StripeConfig, log: Pick<FastifyBaseLogger, "error">) {
  const providerError = (err: unknown, what: string) => {
    log.error({ err }, `Stripe: ${what} failed`);
    return new AppError(
      "payment_provider_error",
      "The payment service could not be reached. Please try again in a moment.",
    );
  };
  // The SDK is loaded on first use, not at start-up (it is a large module).
  let loaded: Promise<{ Stripe: typeof Stripe; stripe: Stripe }> | undefined;
  const sdk = () =>
    (loaded ??= import("stripe").then(({ default: Stripe }) => ({
      Stripe,
      stripe: new Stripe(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: "Serene" },
        ...(config.api ?? {}),
      }),
    })));

  return {
    async createCheckoutSession(p: NewCheckoutSession): Promise<CheckoutSessionInfo> {
      const { stripe } = await sdk();
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: p.seats,
                price_data: {
                  currency: p.currency,
                  unit_amount: p.unitAmountCents,
                  product_data: { name: p.productName },
                },
              },
            ],
            customer_email: p.email,
            // The buyer's tax ID and address, for our invoice and Stripe's (its own numbering;
            // ours, SER-YYYY-NNNNNN, stays the one without gaps).
            customer_creation: "always",
            tax_id_collection: { enabled: true },
            billing_address_collection: "required",
            invoice_creation: { enabled: true },
            client_reference_id: p.purchaseId,
            metadata: { purchaseId: p.purchaseId },
            payment_intent_data: { metadata: { purchaseId: p.purchaseId } },
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
          },
          // A retried request (network trouble) never opens a second session for one purchase.
          { idempotencyKey: `serene-purchase-${p.purchaseId}` },
        );
        return toInfo(session);
      } catch (err) {
        throw providerError(err, "creating a Checkout Session");
      }
    },

    async retrieveSession(id: string): Promise<CheckoutSessionInfo | null> {
      const { Stripe, stripe } = await sdk();
      try {
        return toInfo(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw providerError(err, "retrieving a Checkout Session");
      }
    },

    /**
     * Checks the Stripe-Signature header over the raw body and parses the event. Throws
     * invalid_signature (401) for a missing, wrong or old signature, bad_request (400) for a
     * body that is not an event.
     */
    async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookEvent> {
      if (!config.webhookSecret) {
        throw new AppError(
          "service_unavailable",
          "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)",
        );
      }
      if (!signature) throw new AppError("invalid_signature", "Missing Stripe-Signature header");
      const { Stripe, stripe } = await sdk();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError(
            "invalid_signature",
            /tolerance/i.test(err.message)
              ? "The webhook signature is too old (timestamp outside the tolerance)"
              : "The webhook signature does not match",
          );
        }
        throw new AppError("bad_request", "The webhook body is not a Stripe event");
      }
      if (
        !event ||
        typeof event !== "object" ||
        typeof event.type !== "string" ||
        typeof event.id !== "string"
      ) {
        throw new AppError("bad_request", "The webhook body is not a Stripe event");
      }
      const object = (event as { data?: { object?: { object?: string } } }).data?.object;
      if (event.type.startsWith("checkout.session.") && object?.object !== "checkout.session") {
        throw new AppError("bad_request", "The webhook event has no Checkout Session");
      }
      return {
        id: event.id,
        type: event.type,
        session: object?.object === "checkout.session" ? toInfo(object as Stripe.Checkout.Session) : null,
      };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
