import { SUBSCRIPTION_MONTHS } from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import { recordActivity, type Visitor } from "../../activity/index.ts";
import { alerts, notifyAdmins } from "../../activity/index.ts";
import type { Mailer } from "../../mail/index.ts";
import { subscriptionCodes as codesEmail } from "../../mail/index.ts";
import { extendPaidUntil } from "../../users/index.ts";
import type { Db } from "../../../db/client.ts";
import { newSubscriptionCode } from "../codes.ts";
import { type Invoicing, settlePaidPurchase } from "./settlement.ts";
import { seatsReady } from "../portal/portal.mail.ts";
import { renewSeats } from "../portal/seats.repository.ts";
import { insertCodes, listPurchaseCodes } from "./codes.repository.ts";
import {
  claimCodeCreation,
  claimCodeEmail,
  markPurchasePaid,
  type PurchaseRow,
  releaseCodeEmail,
  setCodesEmailed,
} from "./purchases.repository.ts";
import type { CheckoutSessionInfo, CollectedBilling, StripeGateway } from "./stripe-gateway.ts";

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

/** A purchase paid: marked once, its codes made once (or its seats renewed), and e-mailed. */
export function createFulfilment(deps: BusinessServiceDeps) {
  const { db, mailer, siteUrl, log } = deps;

  /**
   * pending -> paid, once: the back office hears of it (alert, activity log) exactly once. `caller`:
   * the request that learnt of the payment (its address goes in the activity log).
   */
  async function markPaid(
    purchaseId: string,
    via: string,
    caller: Visitor,
    billing?: CollectedBilling | null,
  ) {
    return db.transaction(async (tx) => {
      const paid = await markPurchasePaid(tx, purchaseId);
      if (!paid) return null;
      await settlePaidPurchase(tx, paid, billing ?? null, deps.invoicing);
      await notifyAdmins(tx, alerts.purchase(paid));
      await recordActivity(
        tx,
        caller,
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
  return { markPaid, sessionPaysFor, emailCodes, issueCodes };
}
