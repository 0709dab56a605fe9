import {
  type CreateCouponsInput,
  CURRENCY,
  normaliseCode,
  PRICE_PER_SEAT_CENTS,
  type PurchaseFilter,
  type PurchaseListQuery,
  type StripePaymentInput,
  SUBSCRIPTION_MONTHS,
  totalCents,
} from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { newToken, sha256 } from "../../lib/tokens.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { alerts, notifyAdmins } from "../activity/index.ts";
import type { Mailer } from "../mail/index.ts";
import { subscriptionCodes as codesEmail, longDate } from "../mail/index.ts";
import { expirePaidUsers, extendPaidUntil } from "../users/index.ts";
import {
  claimCodeCreation,
  eachPurchase,
  claimCodeEmail,
  findCodeWithPurchase,
  lockUserForRedeem,
  previewCodeExpiry,
  userHasCodeOfPurchase,
  findPurchase,
  findPurchaseByDetails,
  findPurchaseBySession,
  findPurchasesAwaitingCodeEmail,
  findPurchaseWithCounts,
  insertCodes,
  insertPurchase,
  listPurchaseCodes,
  listPurchases,
  markPurchasePaid,
  markPurchaseUnpaid,
  type PurchaseRow,
  redeemCode,
  releaseCodeEmail,
  setCodesEmailed,
  setPurchaseSession,
} from "./business.repository.ts";
import { newSubscriptionCode } from "./codes.ts";
import { seatsReady } from "./portal.mail.ts";
import { type Invoicing, settlePaidPurchase } from "./invoices.ts";
import type { PortalOrder } from "./portal.service.ts";
import {
  findBusinessByJoinToken,
  insertBusinessActivity,
  renewSeats,
  setSeatInvited,
  takeFreeSeats,
  userHasLiveSeatOfBusiness,
} from "./portal.repository.ts";
import type { CheckoutSessionInfo, CollectedBilling, StripeGateway, WebhookEvent } from "./stripe-gateway.ts";

/** The built-in test checkout's session ids: test_<purchase id>. */
export const TEST_SESSION_PREFIX = "test_";
/** A purchase's codes e-mail still unsent this long after the codes were made is retried by the job. */
const CODE_EMAIL_GRACE_MS = 5 * 60_000;

export interface BusinessServiceDeps {
  db: Db;
  mailer: Mailer;
  /** Stripe Checkout; null: the built-in test checkout. */
  stripe: StripeGateway | null;
  supportEmail: string;
  /** The base of the payment return URLs and of the e-mails' links (config.siteUrl). */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The seller and tax rate of the invoices (demo ones unless configured). */
  invoicing?: Invoicing;
}

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

/**
 * Redeems a code for a user inside the caller's transaction (sign-up redeems in its own). The
 * address must be verified, and be the invited one when the portal sent the code to someone; at
 * most one code per purchase, and one live seat per business, per user; the months (a freed
 * seat's remaining days) run from the end of the current entitlement (or now). The user row is
 * locked, so one user's concurrent
 * redemptions are taken one at a time, and the code's conditional update lets exactly one of
 * several users racing for a code win it.
 */
export async function redeemSubscriptionCode(
  tx: Db,
  actor: Actor | null,
  userId: string,
  typed: string,
  /** When it answers true for the holder's paid end, the redemption stops with 409 confirmation_required. */
  { stopWhen }: { stopWhen?: (paidUntil: Date | null) => boolean } = {},
) {
  const code = normaliseCode(typed);
  if (!code) {
    throw new AppError(
      "validation_failed",
      "That is not a subscription code. Codes look like ABCD-EFGH-JKMN-PQRS.",
      [{ field: "code", message: "Codes look like ABCD-EFGH-JKMN-PQRS" }],
    );
  }
  const holder = await lockUserForRedeem(tx, userId);
  if (!holder) throw notFound("User");
  if (!holder.emailVerifiedAt) {
    throw new AppError("email_not_verified", "Verify your e-mail address before redeeming a code");
  }
  const found = await findCodeWithPurchase(tx, code);
  if (!found) throw codeNotFound();
  const { code: existing, purchase } = found;
  if (existing.redeemedAt) throw codeUsed(existing.redeemedBy === userId);
  if (existing.invitedEmail && existing.invitedEmail.toLowerCase() !== holder.email.toLowerCase()) {
    throw new AppError(
      "code_invited_elsewhere",
      "This code was sent to another e-mail address: only the account with that address can redeem it",
    );
  }
  if (
    (await userHasCodeOfPurchase(tx, userId, existing.purchaseId)) ||
    (purchase.businessId && (await userHasLiveSeatOfBusiness(tx, userId, purchase.businessId)))
  ) {
    throw new AppError(
      "code_same_purchase",
      "You already hold a seat of this business; give this code to a colleague",
    );
  }
  if (stopWhen?.(holder.paidUntil)) {
    const after = await previewCodeExpiry(tx, code, userId, purchase.totalMonths);
    throw new AppError(
      "confirmation_required",
      `Your premium runs until ${longDate(holder.paidUntil!)}; this code would make it ${longDate(after!)}. Confirm to use it.`,
    );
  }
  const redeemed = await redeemCode(tx, code, userId, purchase.totalMonths);
  if (!redeemed) throw codeUsed(false);
  const user = await extendPaidUntil(tx, userId, redeemed.expiresAt!);
  if (!user) throw notFound("User");
  await recordActivity(
    tx,
    actor,
    "subscription_code.redeem",
    "subscription_code",
    redeemed.id,
    { purchaseId: redeemed.purchaseId },
    { before: { paidUntil: holder.paidUntil }, after: { paidUntil: user.paidUntil } },
  );
  return { code: redeemed, user, businessName: purchase.assignedName };
}

const codeNotFound = () =>
  new AppError("code_not_found", "This subscription code does not exist. Check it and try again.");
const codeUsed = (byYou: boolean) =>
  new AppError(
    "code_used",
    byYou ? "You have already redeemed this code" : "This subscription code has already been used",
  );

/**
 * A listener takes a free seat of a business through its join link (inside the caller's
 * transaction): their verified address must be at one of the business's join domains; the seat
 * (unsent first, then freed) is given to that address and redeemed by the one redemption rule set.
 */
export async function joinBusinessSeat(tx: Db, actor: Actor | null, userId: string, token: string) {
  const business = await findBusinessByJoinToken(tx, token);
  if (!business) throw notFound("Join link");
  const holder = await lockUserForRedeem(tx, userId);
  if (!holder) throw notFound("User");
  if (!holder.emailVerifiedAt) {
    throw new AppError("email_not_verified", "Verify your e-mail address before joining");
  }
  const domain = holder.email.split("@").at(-1)!.toLowerCase();
  if (!business.joinDomains.includes(domain)) {
    throw new AppError(
      "forbidden",
      `This join link is for addresses at ${business.joinDomains.join(", ") || "no domain yet"}`,
    );
  }
  if (await userHasLiveSeatOfBusiness(tx, userId, business.id)) {
    throw new AppError("code_same_purchase", "You already hold a seat of this business");
  }
  const [seat] = await takeFreeSeats(tx, business.id, 1);
  if (!seat) throw conflict(`${business.name} has no free seat left: ask its admin for one`);
  await setSeatInvited(tx, seat.id, holder.email);
  const redeemed = await redeemSubscriptionCode(tx, actor, userId, seat.code);
  await insertBusinessActivity(tx, business.id, null, "seat.join", { seatId: seat.id });
  return redeemed;
}

/** What a code would give, without using it. */
export async function previewSubscriptionCode(db: Db, userId: string, typed: string) {
  const code = normaliseCode(typed);
  const found = code ? await findCodeWithPurchase(db, code) : undefined;
  if (!found) throw codeNotFound();
  const paidUntilAfter = await previewCodeExpiry(db, found.code.code, userId, found.purchase.totalMonths);
  return {
    businessName: found.purchase.assignedName,
    months: SUBSCRIPTION_MONTHS,
    alreadyUsed: found.code.redeemedAt !== null,
    sameHolder: found.code.redeemedBy === userId,
    paidUntilAfter: paidUntilAfter!,
  };
}

export function createBusinessService(deps: BusinessServiceDeps) {
  const { db, mailer, stripe, siteUrl, log } = deps;

  /** pending -> paid, once: the back office hears of it (alert, activity log) exactly once. */
  async function markPaid(purchaseId: string, via: string, billing?: CollectedBilling | null) {
    return db.transaction(async (tx) => {
      const paid = await markPurchasePaid(tx, purchaseId);
      if (!paid) return null;
      await settlePaidPurchase(tx, paid, billing ?? null, deps.invoicing);
      await notifyAdmins(tx, alerts.purchase(paid));
      await recordActivity(
        tx,
        null,
        "purchase.paid",
        "purchase",
        paid.id,
        {
          assignedName: paid.assignedName,
          email: paid.email,
          totalUsers: paid.totalUsers,
          amountCents: paid.amountCents,
          via,
        },
        { before: { state: "pending", paidAt: null }, after: { state: paid.state, paidAt: paid.paidAt } },
      );
      return paid;
    });
  }

  /** A Checkout Session that Stripe says is paid, for this purchase, for its full amount. */
  function sessionPaysFor(session: CheckoutSessionInfo, purchase: PurchaseRow) {
    const paid = session.paymentStatus === "paid";
    const matches =
      session.amountTotal === purchase.amountCents &&
      (session.currency ?? "").toLowerCase() === purchase.currency &&
      (session.purchaseId === null || session.purchaseId === purchase.id);
    if (paid && !matches) {
      log.error(
        {
          purchaseId: purchase.id,
          sessionId: session.id,
          amountTotal: session.amountTotal,
          currency: session.currency,
        },
        "a paid Checkout Session does not match its purchase; not marking it paid",
      );
    }
    return paid && matches;
  }

  /**
   * E-mails a purchase's codes; false (logged) when every attempt failed: the job and the back office
   * resend. The first e-mail is claimed before it is sent, so it goes out once with several
   * instances (false when another instance has it); a resend from the back office always goes.
   */
  async function emailCodes(purchase: PurchaseRow, resend: boolean): Promise<boolean> {
    if (!resend && !(await claimCodeEmail(db, purchase.id))) return false;
    const portalUrl = `${siteUrl}/business/portal`;
    // Only the spec's original client's purchase lists its codes (those seats stay out of the
    // portal's invitations); Serene's own checkout points to the portal, where each seat goes to one person.
    const content = purchase.originalClient
      ? codesEmail({
          assignedName: purchase.assignedName,
          codes: (await listPurchaseCodes(db, purchase.id)).map((c) => ({
            code: c.code.code,
            redeemed: c.code.redeemedAt !== null,
          })),
          amountCents: purchase.amountCents,
          supportEmail: deps.supportEmail,
          resend,
          redeemUrl: (code) => `${siteUrl}/listen/redeem?code=${encodeURIComponent(code)}`,
          portalUrl,
        })
      : seatsReady({
          assignedName: purchase.assignedName,
          seats: purchase.totalUsers,
          amountCents: purchase.amountCents,
          portalUrl,
          supportEmail: deps.supportEmail,
        });
    try {
      await mailer.send({ to: { name: purchase.assignedName, address: purchase.email }, ...content });
    } catch {
      if (!resend) await releaseCodeEmail(db, purchase.id);
      return false;
    }
    await setCodesEmailed(db, purchase.id);
    return true;
  }

  /**
   * Creates the codes of a paid purchase, once: exactly totalUsers codes, in one transaction
   * with the claim, then e-mails them. Answers whether this call created them.
   */
  async function issueCodes(purchaseId: string): Promise<boolean> {
    const claimed = await db.transaction(async (tx) => {
      const purchase = await claimCodeCreation(tx, purchaseId);
      if (!purchase) return null;
      // A renewal makes no codes: its seats run 12 more months from their expiry.
      if (purchase.kind === "renew") {
        for (const seat of await renewSeats(tx, purchase.renewCodeIds ?? [], SUBSCRIPTION_MONTHS))
          if (seat.userId) await extendPaidUntil(tx, seat.userId, seat.expiresAt!);
        await setCodesEmailed(tx, purchase.id);
        return purchase;
      }
      let made = 0;
      while (made < purchase.totalUsers) {
        const batch = Array.from({ length: purchase.totalUsers - made }, newSubscriptionCode);
        // A collision (about 2^-78 per pair) is skipped by the unique index and drawn again.
        made += (await insertCodes(tx, purchase.id, [...new Set(batch)])).length;
      }
      return purchase;
    });
    if (!claimed) return false;
    if (claimed.kind === "renew") return true;
    log.info({ purchaseId, codes: claimed.totalUsers }, "subscription codes created");
    await emailCodes(claimed, false);
    return true;
  }

  const service = {
    paymentMode: stripe ? ("stripe" as const) : ("test" as const),

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
    async payTestCheckout(id: string, billing: CollectedBilling) {
      const purchase = await service.testCheckout(id);
      if (purchase.state !== "paid") await markPaid(purchase.id, "test checkout", billing);
      return service.returnUrl(purchase);
    },

    returnUrl: (purchase: PurchaseRow) =>
      successUrl(siteUrl, purchase, purchase.providerSessionId ?? `${TEST_SESSION_PREFIX}${purchase.id}`),

    cancelUrl: (purchase: PurchaseRow) => cancelUrl(siteUrl, purchase),

    /** Acts on a verified Stripe event; replays and unknown events change nothing. */
    async handleStripeEvent(event: WebhookEvent) {
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
          await markPaid(purchase.id, `stripe webhook ${event.type}`, session.billing);
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
    async createCoupons(input: CreateCouponsInput) {
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
          await markPaid(purchase.id, "stripe session look-up", session.billing);
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
