import { normaliseCode, SUBSCRIPTION_MONTHS } from "@serene/contract";
import { type Actor, recordActivity } from "../../activity/index.ts";
import { longDate } from "../../mail/index.ts";
import { extendPaidUntil } from "../../users/index.ts";
import type { Db } from "../../../db/client.ts";
import { AppError, conflict, notFound } from "../../../lib/errors.ts";
import { findBusinessByJoinToken, insertBusinessActivity } from "../portal/businesses.repository.ts";
import { setSeatInvited, takeFreeSeats, userHasLiveSeatOfBusiness } from "../portal/seats.repository.ts";
import {
  findCodeWithPurchase,
  lockUserForRedeem,
  previewCodeExpiry,
  userHasCodeOfPurchase,
  redeemCode,
} from "./codes.repository.ts";

/**
 * Redeems a code for a user inside the caller's transaction (sign-up redeems in its own). The
 * address must be verified (but at sign-up), and be the invited one when the portal sent the code
 * to someone (`invited`: then the code proves the address, and sign-up marks it verified); at
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
  {
    stopWhen,
    atSignUp = false,
  }: {
    /** When it answers true for the holder's paid end, the redemption stops with 409 confirmation_required. */
    stopWhen?: (paidUntil: Date | null) => boolean;
    /** The account was made in this transaction: its address is not verified yet. */
    atSignUp?: boolean;
  } = {},
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
  if (!holder.emailVerifiedAt && !atSignUp) {
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
  return {
    code: redeemed,
    user,
    businessName: purchase.assignedName,
    invited: existing.invitedEmail !== null,
  };
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
