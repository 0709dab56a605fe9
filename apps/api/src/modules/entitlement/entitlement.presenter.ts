import type { Entitlement } from "@serene/contract";
import { isPaid } from "./entitlement.rules.ts";
import { iso } from "../../lib/iso.ts";

const DAY_MS = 24 * 3600_000;

/** Paid at `now` (isPaid); days left rounded up (a last partial day counts). */
export function toEntitlement(
  found: { paidUntil: Date | null; source: { purchaseId: string; businessName: string } | null },
  now = new Date(),
): Entitlement {
  const paid = isPaid(found.paidUntil, now);
  return {
    paid,
    paidUntil: iso(found.paidUntil),
    daysLeft: paid ? Math.ceil((found.paidUntil!.getTime() - now.getTime()) / DAY_MS) : 0,
    source: found.paidUntil ? found.source : null,
  };
}
