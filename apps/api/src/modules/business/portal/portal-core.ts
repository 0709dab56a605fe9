/** What the portal's parts share: its deps, the sender, a business or seat found (else 404), invitations. */
import { RENEW_WINDOW_DAYS, type StripePaymentInput } from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { InvoiceSeller } from "../../../db/schema/index.ts";
import type { Mailer } from "../../mail/index.ts";
import type { ChangeNotices } from "../../../db/change-notices.ts";
import type { Db } from "../../../db/client.ts";
import { notFound } from "../../../lib/errors.ts";
import { listAdmins } from "./admins.repository.ts";
import { findBusiness } from "./businesses.repository.ts";
import { seatInvitation } from "./portal.mail.ts";
import { createPortalSender } from "./portal.sender.ts";
import type { ReportDeps } from "./report.service.ts";
import { findSeat, expiringSeatCount, nextExpiry, seatCounts } from "./seats.repository.ts";

/** A checkout the business portal opens: more seats for a business, or a renewal of some of its seats. */
export type PortalOrder =
  { businessId: string; kind: "add" } | { businessId: string; kind: "renew"; renewCodeIds: string[] };

export interface PortalServiceDeps {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  /** config.siteUrl: the base of every e-mail link. */
  siteUrl: string;
  sessionTtlMs: number;
  /** The purchase flow's checkout (Stripe or the test checkout), which the portal's orders go through. */
  checkout: (input: StripePaymentInput, order: PortalOrder) => Promise<{ url: string; browserToken: string }>;
  /** The purchase flow's one-time sign-in of the browser that paid: the buyer's address, once (else undefined). */
  checkoutBuyer: (purchaseId: string, browserToken: string) => Promise<string | undefined>;
  /** The seller printed on invoices made before they recorded theirs. */
  seller: InvoiceSeller;
  /** The listening module's aggregate of listeners while they held a seat (the report). */
  engagement: ReportDeps["engagement"];
  /** The clock: which months have ended (the report), when scheduled removals are due. */
  now: () => Date;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** The database's change notices: portal sessions are kept in memory until one says they changed. */
  changes: ChangeNotices;
}

/** The portal's shared pieces, made once per service. */
export function createPortalCore(deps: PortalServiceDeps) {
  const { db, siteUrl, supportEmail } = deps;
  const sender = createPortalSender(deps);
  const { send } = sender;

  /** The invitation's link: the code, and the invited address the sign-up form is filled in with. */
  const redeemUrl = (code: string, email: string) =>
    `${siteUrl}/listen/redeem?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;

  /** One person's invitation to a seat of the business, as its e-mail. */
  async function invitation(businessId: string, email: string, code: string) {
    const businessName = (await business(businessId)).row.name;
    return seatInvitation({ businessName, code, redeemUrl: redeemUrl(code, email), supportEmail });
  }

  /** E-mails one person their invitation to a seat of the business. */
  async function sendInvitation(businessId: string, email: string, code: string) {
    return send(email, await invitation(businessId, email, code));
  }

  async function business(id: string) {
    const row = await findBusiness(db, id);
    if (!row) throw notFound("Business");
    const [seats, expiry, renewable] = await Promise.all([
      seatCounts(db, id),
      nextExpiry(db, id),
      expiringSeatCount(db, id, RENEW_WINDOW_DAYS),
    ]);
    return { row, seats, nextExpiry: expiry, renewable };
  }

  async function seat(businessId: string, seatId: string) {
    const found = await findSeat(db, businessId, seatId);
    if (!found) throw notFound("Seat");
    return found;
  }

  const adminList = (businessId: string) => listAdmins(db, businessId);

  return { ...deps, sender, send, invitation, sendInvitation, business, seat, adminList };
}

export type PortalCore = ReturnType<typeof createPortalCore>;
