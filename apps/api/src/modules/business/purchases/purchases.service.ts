import {
  type CreateCouponsInput,
  CURRENCY,
  PRICE_PER_SEAT_CENTS,
  type PurchaseFilter,
  type PurchaseListQuery,
  type StripePaymentInput,
  SUBSCRIPTION_MONTHS,
  totalCents,
} from "@serene/contract";
import { type Actor, recordActivity, type Visitor } from "../../activity/index.ts";
import { expirePaidUsers } from "../../users/index.ts";
import { AppError, conflict, notFound } from "../../../lib/errors.ts";
import { newToken, sha256 } from "../../../lib/tokens.ts";
import type { AuthContext } from "../../../plugins/types.ts";
import type { PortalOrder } from "../portal/portal-core.ts";
import { listPurchaseCodes } from "./codes.repository.ts";
import { type BusinessServiceDeps, createFulfilment } from "./fulfilment.ts";
import {
  consumeBrowserToken,
  eachPurchase,
  findPurchase,
  findPurchaseByDetails,
  findPurchaseBySession,
  findPurchasesAwaitingCodeEmail,
  findPurchaseWithCounts,
  insertPurchase,
  listPurchases,
  markPurchaseUnpaid,
  type PurchaseRow,
  setPurchaseSession,
} from "./purchases.repository.ts";
import { redeemSubscriptionCode } from "./redeem.ts";
import type { CheckoutSessionInfo, CollectedBilling, WebhookEvent } from "./stripe-gateway.ts";

/** The built-in test checkout's session ids: test_<purchase id>. */
export const TEST_SESSION_PREFIX = "test_";
/** A purchase's codes e-mail still unsent this long after the codes were made is retried by the job. */
const CODE_EMAIL_GRACE_MS = 5 * 60_000;

const paymentRequired = (message: string) => new AppError("payment_required", message);

/**
 * Where the buyer comes back to after paying: the /checkout page with the payment session alone
 * (no e-mail or business name in a URL that ends up in histories and logs); for the spec's
 * original client, which reads them from its return URL, with assignedName, email, totalUsers
 * and totalMonths too (as the specification has it).
 */
function successUrl(base: string, p: PurchaseRow, sessionId: string) {
  const spec = p.originalClient
    ? `${new URLSearchParams({
        assignedName: p.assignedName,
        email: p.email,
        totalUsers: String(p.totalUsers),
        totalMonths: String(p.totalMonths),
      }).toString()}&`
    : "";
  // Stripe fills in {CHECKOUT_SESSION_ID} itself; it must reach Stripe unencoded.
  return `${base}/checkout?${spec}session_id=${sessionId}`;
}

/**
 * Where a cancelled checkout goes back to: the page it started from, which says so (the portal's
 * orders to their own business, for an admin of several).
 */
export function cancelUrl(base: string, p: PurchaseRow) {
  if (p.businessId && (p.kind === "add" || p.kind === "renew"))
    return `${base}/business/portal?checkout=cancelled&business=${p.businessId}`;
  return `${base}/business?checkout=cancelled`;
}

export function createBusinessService(deps: BusinessServiceDeps) {
  const { db, stripe, siteUrl, log } = deps;
  const { markPaid, sessionPaysFor, emailCodes, issueCodes } = createFulfilment(deps);

  const service = {
    paymentMode: stripe ? ("stripe" as const) : ("test" as const),

    /**
     * Uses the one-time value of the browser that started a paid checkout: the buyer's address,
     * once (the value is cleared); nothing for another value or an unpaid checkout.
     */
    checkoutBuyer: (purchaseId: string, browserToken: string) =>
      consumeBrowserToken(db, purchaseId, sha256(browserToken)),

    /**
     * Prices the order on the server, records it pending, and opens the checkout. The portal's
     * orders (more seats, renewals) come with their business and go the same way.
     */
    async startCheckout(input: StripePaymentInput, order?: PortalOrder) {
      const amountCents = totalCents(input.totalUsers);
      // The one-time value the starting browser keeps (httpOnly cookie): it signs that browser in after paying.
      const browserToken = newToken();
      const purchase = await insertPurchase(db, {
        originalClient: !order && !input.sessionReturn,
        browserTokenHash: sha256(browserToken),
        assignedName: input.assignedName,
        email: input.email,
        totalUsers: input.totalUsers,
        totalMonths: input.totalMonths,
        amountCents,
        currency: CURRENCY,
        provider: stripe ? "stripe" : "test",
        ...order,
      });
      if (!stripe) {
        const sessionId = `${TEST_SESSION_PREFIX}${purchase.id}`;
        await setPurchaseSession(db, purchase.id, sessionId);
        return { purchase, browserToken, url: `${siteUrl}/api/v1/user/test-checkout/${purchase.id}` };
      }
      let session: CheckoutSessionInfo;
      try {
        session = await stripe.createCheckoutSession({
          purchaseId: purchase.id,
          email: purchase.email,
          seats: purchase.totalUsers,
          unitAmountCents: PRICE_PER_SEAT_CENTS,
          currency: CURRENCY,
          productName:
            purchase.kind === "renew"
              ? `Serene for Business: seats renewed for ${SUBSCRIPTION_MONTHS} months`
              : `Serene for Business: ${SUBSCRIPTION_MONTHS}-month employee subscription`,
          successUrl: successUrl(siteUrl, purchase, "{CHECKOUT_SESSION_ID}"),
          cancelUrl: cancelUrl(siteUrl, purchase),
        });
      } catch (err) {
        await markPurchaseUnpaid(db, purchase.id, "failed");
        throw err;
      }
      if (!session.url) {
        await markPurchaseUnpaid(db, purchase.id, "failed");
        log.error({ sessionId: session.id }, "Stripe answered a Checkout Session without a URL");
        throw new AppError(
          "payment_provider_error",
          "The payment page could not be opened. Please try again.",
        );
      }
      await setPurchaseSession(db, purchase.id, session.id);
      return { purchase, browserToken, url: session.url };
    },

    /** A purchase of the built-in test checkout (only while Stripe is not configured). */
    async testCheckout(id: string) {
      const purchase = stripe ? undefined : await findPurchase(db, id);
      if (!purchase || purchase.provider !== "test") throw notFound("Checkout");
      return purchase;
    },

    /**
     * "Pay" on the test checkout: marks the purchase paid (idempotent) with the billing address
     * and tax ID entered there, as Stripe's page collects them, and answers the success URL.
     */
    async payTestCheckout(id: string, billing: CollectedBilling, caller: Visitor) {
      const purchase = await service.testCheckout(id);
      if (purchase.state !== "paid") await markPaid(purchase.id, "test checkout", caller, billing);
      return service.returnUrl(purchase);
    },

    returnUrl: (purchase: PurchaseRow) =>
      successUrl(siteUrl, purchase, purchase.providerSessionId ?? `${TEST_SESSION_PREFIX}${purchase.id}`),

    cancelUrl: (purchase: PurchaseRow) => cancelUrl(siteUrl, purchase),

    /** Acts on a verified Stripe event; replays and unknown events change nothing. */
    async handleStripeEvent(event: WebhookEvent, caller: Visitor) {
      const session = event.session;
      if (!session) return "ignored";
      const purchase =
        (session.purchaseId ? await findPurchase(db, session.purchaseId) : undefined) ??
        (await findPurchaseBySession(db, session.id));
      if (!purchase || purchase.provider !== "stripe") {
        log.warn({ eventId: event.id, sessionId: session.id }, "Stripe event for an unknown purchase");
        return "unknown purchase";
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          if (!sessionPaysFor(session, purchase)) return "not paid";
          await markPaid(purchase.id, `stripe webhook ${event.type}`, caller, session.billing);
          await issueCodes(purchase.id);
          return "paid";
        case "checkout.session.expired":
          await markPurchaseUnpaid(db, purchase.id, "expired");
          return "expired";
        case "checkout.session.async_payment_failed":
          await markPurchaseUnpaid(db, purchase.id, "failed");
          return "failed";
        default:
          return "ignored";
      }
    },

    /**
     * The /checkout page's call. Finds the purchase, confirms its payment on the server (our
     * record, or Stripe's session), creates its codes once and e-mails them. A purchase
     * without a confirmed payment answers payment_required (402).
     */
    async createCoupons(input: CreateCouponsInput, caller: Visitor) {
      const { assignedName, email, totalUsers } = input;
      let purchase =
        (input.session_id ? await findPurchaseBySession(db, input.session_id) : undefined) ??
        (assignedName !== undefined && email !== undefined && totalUsers !== undefined
          ? await findPurchaseByDetails(db, { assignedName, email, totalUsers })
          : undefined);
      if (!purchase) {
        throw paymentRequired(
          email
            ? `We found no purchase for ${assignedName} (${email}, ${totalUsers} seats)`
            : "We found no purchase for this payment",
        );
      }
      if (
        purchase.state !== "paid" &&
        purchase.provider === "stripe" &&
        stripe &&
        purchase.providerSessionId
      ) {
        const session = await stripe.retrieveSession(purchase.providerSessionId);
        if (session && sessionPaysFor(session, purchase)) {
          await markPaid(purchase.id, "stripe session look-up", caller, session.billing);
          purchase = (await findPurchase(db, purchase.id))!;
        }
      }
      if (purchase.state !== "paid") {
        throw paymentRequired(
          purchase.state === "expired"
            ? "This checkout expired before it was paid"
            : purchase.state === "failed"
              ? "The payment for this purchase failed"
              : "We have not received the payment for this purchase yet",
        );
      }
      await issueCodes(purchase.id);
      return purchase;
    },

    /** A signed-in user redeems a code (see `redeemSubscriptionCode`). */
    redeem: (auth: AuthContext, typed: string) =>
      db.transaction((tx) => redeemSubscriptionCode(tx, auth, auth.userId, typed)),

    list: (query: PurchaseListQuery) => listPurchases(db, query),

    /** The purchases a filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, filter: PurchaseFilter) {
      await recordActivity(db, actor, "purchase.export", "purchase", null, { filter });
      return eachPurchase(db, filter);
    },

    async get(id: string) {
      const found = await findPurchaseWithCounts(db, id);
      if (!found) throw notFound("Purchase");
      return { ...found, codes: await listPurchaseCodes(db, id) };
    },

    /** Sends the codes e-mail again (admin). */
    async resend(actor: Actor, id: string) {
      const purchase = await findPurchase(db, id);
      if (!purchase) throw notFound("Purchase");
      if (!purchase.codesCreatedAt) {
        throw conflict("This purchase has no codes yet: its payment is not confirmed");
      }
      if (!(await emailCodes(purchase, true))) {
        throw new AppError("service_unavailable", "The e-mail could not be sent. Please try again later.");
      }
      await recordActivity(db, actor, "purchase.resend_codes", "purchase", id, { email: purchase.email });
      return purchase;
    },

    /** Retries the codes e-mails that never went out (the job runs this). */
    async sendPendingCodeEmails(now = new Date()) {
      let sent = 0;
      for (const purchase of await findPurchasesAwaitingCodeEmail(
        db,
        new Date(now.getTime() - CODE_EMAIL_GRACE_MS),
      )) {
        if (await emailCodes(purchase, false)) sent++;
      }
      return sent;
    },

    /** Paid users whose subscription has run out go back to free (the job runs this). */
    expireSubscriptions: () => expirePaidUsers(db),
  };
  return service;
}

export type BusinessService = ReturnType<typeof createBusinessService>;
