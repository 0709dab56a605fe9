import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { subscriptionCodes } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { seatIsFree } from "./seats.repository.ts";

const invitedNotRedeemed = (seatId: string) =>
  and(
    eq(subscriptionCodes.id, seatId),
    isNull(subscriptionCodes.redeemedAt),
    isNotNull(subscriptionCodes.invitedEmail),
  );

/**
 * Withdraws an invitation: the seat is no one's again and gets a new code (the invited one stops
 * working). Answers the seat as it was, or nothing when it was not an open invitation.
 */
export async function withdrawInvitation(tx: Db, seatId: string, newCode: string) {
  const [before] = await tx.select().from(subscriptionCodes).where(invitedNotRedeemed(seatId)).for("update");
  if (!before) return undefined;
  await tx
    .update(subscriptionCodes)
    .set({ code: newCode, invitedEmail: null, invitedAt: null, withdrawnAt: sql`now()`, removalDueAt: null })
    .where(eq(subscriptionCodes.id, seatId));
  return before;
}

/** Sends an open invitation to another address with a new code (the old one stops working). */
export async function readdressInvitation(tx: Db, seatId: string, newCode: string, email: string) {
  const [row] = await tx
    .update(subscriptionCodes)
    .set({ code: newCode, invitedEmail: email, invitedAt: sql`now()`, removalDueAt: null })
    .where(invitedNotRedeemed(seatId))
    .returning({ code: subscriptionCodes.code });
  return row;
}

/** Invites an address to one free seat (unsent, or freed with the days it keeps). */
export async function giveFreeSeat(tx: Db, seatId: string, email: string) {
  const [row] = await tx
    .update(subscriptionCodes)
    .set({ invitedEmail: email, invitedAt: sql`now()` })
    .where(and(eq(subscriptionCodes.id, seatId), seatIsFree))
    .returning({ code: subscriptionCodes.code });
  return row;
}
