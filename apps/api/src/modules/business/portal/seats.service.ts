import { emailSchema, MIN_FREED_DAYS, type SeatListQuery } from "@serene/contract";
import { endPaidTime } from "../../users/index.ts";
import type { Db } from "../../../db/client.ts";
import { AppError, conflict } from "../../../lib/errors.ts";
import { parseCursor, splitTier, timePage } from "../../../lib/paging.ts";
import { newSubscriptionCode } from "../codes.ts";
import { insertBusinessActivity } from "./businesses.repository.ts";
import { type PortalCore } from "./portal-core.ts";
import { seatRemoved } from "./portal.mail.ts";
import {
  latestLiveSeatExpiry,
  findUserContact,
  freeSeat,
  heldSeats,
  listSeats,
  liveSeatsOf,
  setSeatInvited,
  takeFreeSeats,
} from "./seats.repository.ts";

/**
 * A listener's account is going (inside its transaction): each live seat they hold turns
 * `freed`, with the days it had left, for someone else.
 */
export async function freeSeatsOf(tx: Db, userId: string) {
  for (const seat of await liveSeatsOf(tx, userId)) {
    await freeSeat(tx, seat.id, newSubscriptionCode(), MIN_FREED_DAYS);
    if (seat.businessId)
      await insertBusinessActivity(tx, seat.businessId, null, "seat.freed", {
        seatId: seat.id,
        reason: "account deleted",
      });
  }
}

/** A business's seats: the list, invitations, and taking a seat back. */
export function createSeats(deps: PortalCore) {
  const { db, supportEmail, sender, send, business, seat, invitation, sendInvitation } = deps;
  return {
    async seats(id: string, query: SeatListQuery) {
      const { cursor, tier } = splitTier(query.cursor);
      const after = parseCursor(cursor, "text");
      const rows = await listSeats(db, id, query, after && { ...after, missing: tier });
      return timePage(
        rows,
        query.limit,
        (r): [string, string, number] => [r.sortKey, r.seat.id, r.missing],
        (r) => r,
      );
    },

    seat,

    /**
     * Gives a free seat (unsent first, then freed) to each new valid address, in the order sent,
     * and mails each their own code; answers a result per row. An address that already holds a
     * seat (invited, or redeemed and running) is `already_invited` and takes none.
     */
    async invite(actor: string, id: string, emails: string[]) {
      await business(id);
      const rows = emails.map((raw) => {
        const parsed = emailSchema.safeParse(raw);
        return { email: parsed.success ? parsed.data : raw.trim(), valid: parsed.success };
      });
      const results = await db.transaction(async (tx) => {
        const wanted = [...new Set(rows.filter((r) => r.valid).map((r) => r.email))];
        const already = new Map((await heldSeats(tx, id, wanted)).map((s) => [s.email, s.id]));
        const fresh = wanted.filter((e) => !already.has(e));
        const free = await takeFreeSeats(tx, id, fresh.length);
        const given = new Map<string, { id: string; code: string }>();
        for (const [i, seatRow] of free.entries()) {
          await setSeatInvited(tx, seatRow.id, fresh[i]!);
          given.set(fresh[i]!, seatRow);
        }
        const seen = new Set<string>();
        const out = rows.map(({ email, valid }) => {
          if (!valid) return { email, seatId: null, result: "invalid_email" as const };
          const first = !seen.has(email);
          seen.add(email);
          const mine = given.get(email);
          if (mine && first) return { email, seatId: mine.id, result: "invited" as const };
          const held = already.get(email) ?? mine?.id;
          if (held) return { email, seatId: held, result: "already_invited" as const };
          return { email, seatId: null, result: "no_free_seat" as const };
        });
        await insertBusinessActivity(tx, id, actor, "seats.invite", {
          invited: given.size,
          refused: out.filter((r) => r.result !== "invited").length,
        });
        return { out, given };
      });
      for (const [email, seatRow] of results.given) await sendInvitation(id, email, seatRow.code);
      return results.out;
    },

    async resend(actor: string, id: string, seatId: string) {
      const found = await seat(id, seatId);
      if (found.state !== "invited") throw conflict("Only an invited seat's invitation can be sent again");
      if (
        !(await sender.resend(
          found.seat.invitedEmail!,
          await invitation(id, found.seat.invitedEmail!, found.seat.code),
        ))
      )
        throw new AppError("service_unavailable", "The e-mail could not be sent. Please try again later.");
      await insertBusinessActivity(db, id, actor, "seat.resend", { seatId, email: found.seat.invitedEmail });
      return found;
    },

    /** Takes a seat back: it turns `freed` at once, its listener's access from it ends now, they are told. */
    async remove(actor: string | null, id: string, seatId: string) {
      const found = await seat(id, seatId);
      if (found.state !== "redeemed") throw conflict("Only a redeemed seat can be taken back");
      const before = await db.transaction(async (tx) => {
        const was = await freeSeat(tx, seatId, newSubscriptionCode(), MIN_FREED_DAYS);
        if (!was?.redeemedBy) throw conflict("Only a redeemed seat can be taken back");
        // Paid time from this seat ends now; what their other live seats give stays.
        await endPaidTime(tx, was.redeemedBy, was.expiresAt!, await latestLiveSeatExpiry(tx, was.redeemedBy));
        await insertBusinessActivity(tx, id, actor, "seat.remove", { seatId, email: found.email });
        return was;
      });
      const listener = await findUserContact(db, before.redeemedBy!);
      const name = (await business(id)).row.name;
      if (listener) await send(listener.email, seatRemoved({ businessName: name, supportEmail }));
      return seat(id, seatId);
    },
  };
}
