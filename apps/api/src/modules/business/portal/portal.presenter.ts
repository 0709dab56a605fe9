import type { Business, Seat } from "@serene/contract";
import { iso } from "../../../lib/iso.ts";
import { activitySentence } from "./activity-words.ts";
import type { BusinessActivityRow, BusinessRow } from "./businesses.repository.ts";
import type { InvoiceRow } from "./invoices.repository.ts";
import type { findSeat, seatCounts } from "./seats.repository.ts";

export const toBusiness = (
  {
    row: b,
    seats,
    nextExpiry,
    renewable,
  }: {
    row: BusinessRow;
    seats: Awaited<ReturnType<typeof seatCounts>>;
    nextExpiry: { date: string; seats: number } | null;
    renewable: number;
  },
  siteUrl: string,
): Business => ({
  _id: b.id,
  name: b.name,
  billingEmail: b.billingEmail,
  billingAddress: b.billingAddress,
  taxId: b.taxId,
  joinDomains: b.joinDomains,
  joinUrl: `${siteUrl}/listen/join/${b.joinToken}`,
  seats,
  nextExpiry,
  renewable,
  createdAt: iso(b.createdAt),
});

/** `code` only while no one holds the seat; `listener` only while redeemed. */
export function toSeat(row: NonNullable<Awaited<ReturnType<typeof findSeat>>>): Seat {
  const { seat, state } = row;
  return {
    _id: seat.id,
    purchaseId: seat.purchaseId,
    state,
    ...(state === "unsent" || state === "invited" ? { code: seat.code } : {}),
    invitedEmail: seat.invitedEmail,
    invitedAt: iso(seat.invitedAt),
    redeemedAt: iso(seat.redeemedAt),
    ...(state === "redeemed" && row.email
      ? { listener: { username: row.username ?? "", email: row.email } }
      : {}),
    expiresAt: iso(seat.expiresAt),
    freedAt: iso(seat.freedAt),
    keepsDays: state === "freed" || state === "invited" ? seat.remainingDays : null,
    withdrawnAt: iso(seat.withdrawnAt),
    inPurchaseEmail: row.inPurchaseEmail,
  };
}

/** The span of an invoice's lines' service periods (null on invoices older than them). */
function invoicePeriod(i: InvoiceRow) {
  const periods = i.lines.flatMap((l) => (l.period ? [l.period] : []));
  if (periods.length === 0) return null;
  return {
    from: periods.map((p) => p.from).sort()[0]!,
    to: periods
      .map((p) => p.to)
      .sort()
      .at(-1)!,
  };
}

export const toInvoice = (i: InvoiceRow, businessId: string) => ({
  _id: i.id,
  number: i.number,
  issuedAt: iso(i.issuedAt),
  total: i.totalCents,
  net: i.netCents ?? i.totalCents,
  tax: { ratePercent: i.tax.ratePercent, amount: i.tax.cents, reverseCharge: i.tax.reverseCharge },
  period: invoicePeriod(i),
  currency: i.currency,
  status: i.status,
  lines: i.lines,
  pdfUrl: `/api/v1/business/${businessId}/invoices/${i.id}.pdf`,
});

/** An entry of a business's activity log (the portal's and the back office's view alike). */
export const toBusinessActivity = (a: BusinessActivityRow) => ({
  _id: a.id,
  actor: a.actorEmail,
  action: a.action,
  summary: activitySentence(a),
  detail: a.detail,
  createdAt: iso(a.createdAt),
});
