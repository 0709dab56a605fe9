import type { Purchase, SubscriptionCode } from "@serene/contract";
import { iso } from "../../lib/iso.ts";
import type { listPurchaseCodes, PurchaseRow } from "./business.repository.ts";

export const toPurchase = ({
  purchase: p,
  codesIssued,
  codesRedeemed,
}: {
  purchase: PurchaseRow;
  codesIssued: number;
  codesRedeemed: number;
}): Purchase => ({
  _id: p.id,
  id: p.id,
  assignedName: p.assignedName,
  email: p.email,
  totalUsers: p.totalUsers,
  totalMonths: p.totalMonths,
  amountCents: p.amountCents,
  currency: p.currency,
  state: p.state,
  provider: p.provider,
  createdAt: p.createdAt.toISOString(),
  paidAt: iso(p.paidAt),
  codesCreatedAt: iso(p.codesCreatedAt),
  codesEmailedAt: iso(p.codesEmailedAt),
  codesIssued,
  codesRedeemed,
});

export const toCode = ({
  code: c,
  redeemedByEmail,
}: Awaited<ReturnType<typeof listPurchaseCodes>>[number]): SubscriptionCode => ({
  _id: c.id,
  id: c.id,
  code: c.code,
  redeemed: c.redeemedAt !== null,
  redeemedAt: iso(c.redeemedAt),
  redeemedBy: c.redeemedBy,
  redeemedByEmail,
  expiresAt: iso(c.expiresAt),
});
