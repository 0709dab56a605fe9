import type { Purchase, SubscriptionCode } from "@serene/contract";
import type { CsvColumns } from "../../../lib/csv.ts";
import { iso } from "../../../lib/iso.ts";
import type { listPurchaseCodes } from "./codes.repository.ts";
import type { ListedPurchase } from "./purchases.repository.ts";

export const toPurchase = ({ purchase: p, codesIssued, codesRedeemed }: ListedPurchase): Purchase => ({
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
  createdAt: iso(p.createdAt),
  paidAt: iso(p.paidAt),
  codesCreatedAt: iso(p.codesCreatedAt),
  codesEmailedAt: iso(p.codesEmailedAt),
  codesIssued,
  codesRedeemed,
});

/** The columns of the purchases list's CSV export (amounts in cents). */
export const purchaseCsv: CsvColumns<ListedPurchase> = [
  ["created", (x) => x.purchase.createdAt],
  ["business", (x) => x.purchase.assignedName],
  ["email", (x) => x.purchase.email],
  ["kind", (x) => x.purchase.kind],
  ["seats", (x) => x.purchase.totalUsers],
  ["months", (x) => x.purchase.totalMonths],
  ["amount_cents", (x) => x.purchase.amountCents],
  ["currency", (x) => x.purchase.currency],
  ["state", (x) => x.purchase.state],
  ["paid", (x) => x.purchase.paidAt],
  ["codes_issued", (x) => x.codesIssued],
  ["codes_redeemed", (x) => x.codesRedeemed],
  ["id", (x) => x.purchase.id],
];

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
