import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import {
  joinBusinessSeat,
  previewSubscriptionCode,
  redeemSubscriptionCode,
  seatSourceOf,
} from "../business/index.ts";
import { findPaidUntil } from "./entitlement.repository.ts";
import { toEntitlement } from "./entitlement.presenter.ts";
import { isPaid } from "./entitlement.rules.ts";
import { iso } from "../../lib/iso.ts";

/** What a listener may hear: paid while `paidUntil` is in the future. */
export async function entitlementOf(db: Db, userId: string) {
  const user = await findPaidUntil(db, userId);
  if (!user) throw notFound("User");
  // Where the paid time comes from is the business module's to say (it owns seats and purchases).
  return toEntitlement({ paidUntil: user.paidUntil, source: await seatSourceOf(db, userId) });
}

export function createEntitlementService(db: Db) {
  return {
    get: (userId: string) => entitlementOf(db, userId),

    /** What a code gives, and, for an entitled listener, their paid end now and once it is redeemed. */
    async preview(userId: string, code: string) {
      const [{ businessName, months, alreadyUsed, paidUntilAfter }, now] = await Promise.all([
        previewSubscriptionCode(db, userId, code),
        entitlementOf(db, userId),
      ]);
      return {
        businessName,
        months,
        alreadyUsed,
        paidUntil: now.paid ? now.paidUntil : null,
        paidUntilAfter: iso(paidUntilAfter),
      };
    },

    /**
     * Redeems through the business module's one redemption rule set, then answers the new entitlement.
     * A listener entitled already must confirm (`confirmed`): else 409 confirmation_required, no seat used.
     */
    async redeem(auth: AuthContext, code: string, confirmed: boolean) {
      await db.transaction((tx) =>
        redeemSubscriptionCode(tx, auth, auth.userId, code, {
          stopWhen: (paidUntil) => !confirmed && isPaid(paidUntil),
        }),
      );
      return entitlementOf(db, auth.userId);
    },

    /** Takes a free seat through a business's join link, then answers the new entitlement. */
    async join(auth: AuthContext, token: string) {
      await db.transaction((tx) => joinBusinessSeat(tx, auth, auth.userId, token));
      return entitlementOf(db, auth.userId);
    },
  };
}

export type EntitlementService = ReturnType<typeof createEntitlementService>;
