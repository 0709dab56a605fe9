import type { Db } from "../../../db/client.ts";
import { AppError, conflict } from "../../../lib/errors.ts";
import { newSubscriptionCode } from "../codes.ts";
import { insertBusinessActivity } from "./businesses.repository.ts";
import { giveFreeSeat, readdressInvitation, withdrawInvitation } from "./seat-actions.repository.ts";
import { heldSeats, type findSeat } from "./seats.repository.ts";

type FoundSeat = NonNullable<Awaited<ReturnType<typeof findSeat>>>;

export interface SeatActionsDeps {
  db: Db;
  /** A seat of the business (404 otherwise). */
  seat: (businessId: string, seatId: string) => Promise<FoundSeat>;
  /** E-mails an address its invitation to a seat of the business, with the code. */
  sendInvitation: (businessId: string, email: string, code: string) => Promise<boolean>;
  /** Tells an address its invitation was withdrawn. */
  sendWithdrawn: (businessId: string, email: string) => Promise<boolean>;
}

/** 409 when the address already holds a seat of the business (invited, or redeemed and running). */
async function refuseHeld(tx: Db, businessId: string, email: string) {
  const [held] = await heldSeats(tx, businessId, [email.toLowerCase()]);
  if (held)
    throw new AppError("already_invited", `${email} already holds a seat of this business`, [
      { field: "email", message: "already holds a seat of this business" },
    ]);
}

/**
 * What an admin does to one seat besides inviting and removing: withdraw or re-address an
 * open invitation, give a free (unsent or freed) seat. Each is one audited action.
 */
export function createSeatActions({ db, seat, sendInvitation, sendWithdrawn }: SeatActionsDeps) {
  return {
    /** An invitation taken back: the seat is no one's again, the invited code stops working, the invitee is told. */
    async withdraw(actor: string | null, id: string, seatId: string) {
      const found = await seat(id, seatId);
      if (found.state !== "invited") throw conflict("Only an open invitation can be withdrawn");
      const was = await db.transaction(async (tx) => {
        const before = await withdrawInvitation(tx, seatId, newSubscriptionCode());
        if (!before) throw conflict("Only an open invitation can be withdrawn");
        await insertBusinessActivity(tx, id, actor, "seat.withdraw", { seatId, email: before.invitedEmail });
        return before;
      });
      await sendWithdrawn(id, was.invitedEmail!);
      return seat(id, seatId);
    },

    /** An invitation sent to a corrected address with a new code; the old code stops working. */
    async readdress(actor: string, id: string, seatId: string, email: string) {
      const found = await seat(id, seatId);
      if (found.state !== "invited") throw conflict("Only an open invitation can be sent to another address");
      const from = found.seat.invitedEmail!;
      if (from.toLowerCase() === email.toLowerCase())
        throw new AppError("validation_failed", `The invitation already goes to ${email}`, [
          { field: "email", message: "is the address the seat is invited to" },
        ]);
      const code = await db.transaction(async (tx) => {
        await refuseHeld(tx, id, email);
        const row = await readdressInvitation(tx, seatId, newSubscriptionCode(), email);
        if (!row) throw conflict("Only an open invitation can be sent to another address");
        await insertBusinessActivity(tx, id, actor, "seat.readdress", { seatId, from, to: email });
        return row.code;
      });
      await sendInvitation(id, email, code);
      return seat(id, seatId);
    },

    /** A free seat (unsent, or freed with the days it keeps) invited to one address. */
    async give(actor: string, id: string, seatId: string, email: string) {
      const found = await seat(id, seatId);
      if (found.state !== "unsent" && found.state !== "freed")
        throw conflict("Only a seat no one holds (not sent, or freed) can be given");
      if (found.inPurchaseEmail)
        throw conflict(
          "This seat's code was in your purchase e-mail: whoever you passed it to may redeem it, so it cannot be sent to someone else",
        );
      const code = await db.transaction(async (tx) => {
        await refuseHeld(tx, id, email);
        const row = await giveFreeSeat(tx, seatId, email);
        if (!row) throw conflict("Only a seat no one holds (not sent, or freed) can be given");
        await insertBusinessActivity(tx, id, actor, "seat.give", {
          seatId,
          email,
          keepsDays: found.state === "freed" ? found.seat.remainingDays : null,
        });
        return row.code;
      });
      await sendInvitation(id, email, code);
      return seat(id, seatId);
    },
  };
}
