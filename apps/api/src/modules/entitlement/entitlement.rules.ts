/**
 * The entitlement rule, the one place it is written: paid while `paidUntil` is after `now`.
 * `now` is the caller's clock (the listening rules pass theirs), the system's by default.
 */
export const isPaid = (paidUntil: Date | null, now = new Date()) => paidUntil !== null && paidUntil > now;
