import type { Entitlement } from "@serene/contract";

const DAY_MS = 24 * 3600_000;

/** Paid while `paidUntil` is in the future; days left rounded up (a last partial day counts). */
export function toEntitlement(
  found: { paidUntil: Date | null; source: { purchaseId: string; businessName: string } | null },
  now = new Date(),
): Entitlement {
  const paid = found.paidUntil !== null && found.paidUntil > now;
  return {
    paid,
    paidUntil: found.paidUntil?.toISOString() ?? null,
    daysLeft: paid ? Math.ceil((found.paidUntil!.getTime() - now.getTime()) / DAY_MS) : 0,
    source: found.paidUntil ? found.source : null,
  };
}
