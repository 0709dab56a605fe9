import { emailSchema, type EligibilityDiff, type EligibilityInput } from "@serene/contract";
import type { Db } from "../../../db/client.ts";
import { notFound } from "../../../lib/errors.ts";
import { insertBusinessActivity } from "./businesses.repository.ts";
import {
  cancelRemoval,
  claimRemoval,
  dueRemovals,
  freeSeatCount,
  heldSeatsOfBusiness,
  setRemovalDue,
} from "./eligibility.repository.ts";
import { iso } from "../../../lib/iso.ts";

const DAY_MS = 24 * 3600_000;
const day = (d: Date) => iso(d).slice(0, 10);

export interface EligibilityDeps {
  db: Db;
  now: () => Date;
  /** The portal's invitation of addresses (free seats, e-mails, audited). */
  invite: (actor: string, businessId: string, emails: string[]) => Promise<unknown>;
  /** Takes a redeemed seat back (the listener is told). */
  remove: (actor: string | null, businessId: string, seatId: string) => Promise<unknown>;
  /** Withdraws an open invitation (the invitee is told). */
  withdraw: (actor: string | null, businessId: string, seatId: string) => Promise<unknown>;
  /** 404 for an unknown business. */
  business: (id: string) => Promise<unknown>;
}

/**
 * Eligibility sync: the staff list keeps a business's seats in step. A dry run answers the diff;
 * applying does exactly it (invitations now, removals at the end of the grace period), so the
 * same list applied again changes nothing.
 */
export function createEligibility({ db, now, invite, remove, withdraw, business }: EligibilityDeps) {
  return {
    async syncStaffList(actor: string, id: string, input: EligibilityInput): Promise<EligibilityDiff> {
      await business(id);
      const listed = new Set<string>();
      const errors: EligibilityDiff["errors"] = [];
      for (const { line, email } of input.rows) {
        const parsed = emailSchema.safeParse(email);
        if (parsed.success) listed.add(parsed.data.toLowerCase());
        else
          errors.push({ line, email, message: email ? "not a valid e-mail address" : "no e-mail address" });
      }
      const held = await heldSeatsOfBusiness(db, id);
      const holders = new Set(held.map((s) => s.email));
      const newcomers = [...listed].filter((e) => !holders.has(e));
      const free = await freeSeatCount(db, id);
      const invited = newcomers.slice(0, free);
      const freesOn = new Date(now().getTime() + input.graceDays * DAY_MS);
      // Leavers already on their way out stay as they are (the list of pending removals shows them).
      const leaving = held.filter((s) => !listed.has(s.email) && !s.removalDueAt);
      const back = held.filter((s) => listed.has(s.email) && s.removalDueAt).map((s) => s.seatId);
      const applied = input.dryRun === "false";
      if (applied) {
        await db.transaction(async (tx) => {
          await setRemovalDue(
            tx,
            leaving.map((s) => s.seatId),
            freesOn,
          );
          await setRemovalDue(tx, back, null);
          await insertBusinessActivity(tx, id, actor, "eligibility.apply", {
            listed: listed.size,
            invited: invited.length,
            removals: leaving.length,
            kept: back.length,
            graceDays: input.graceDays,
          });
        });
        if (invited.length > 0) await invite(actor, id, invited);
      }
      return {
        invite: invited.map((email) => ({ email })),
        keep: held.filter((s) => listed.has(s.email)).length,
        remove: leaving.map((s) => ({ email: s.email, seatId: s.seatId, freesOn: day(freesOn) })),
        needSeats: newcomers.length - invited.length,
        errors,
        applied,
      };
    },

    /** The seats to be freed at the end of their grace period. */
    async removals(id: string) {
      await business(id);
      return (await heldSeatsOfBusiness(db, id))
        .filter((s) => s.removalDueAt)
        .sort((a, b) => a.removalDueAt!.getTime() - b.removalDueAt!.getTime())
        .map((s) => ({ email: s.email, seatId: s.seatId, freesOn: day(s.removalDueAt!) }));
    },

    /** That person keeps the seat. */
    async cancelRemoval(actor: string, id: string, seatId: string) {
      if (!(await cancelRemoval(db, id, seatId))) throw notFound("Pending removal");
      await insertBusinessActivity(db, id, actor, "eligibility.cancel", { seatId });
    },

    /**
     * The scheduled job: frees each seat whose grace period has ended, once (claimed), its holder
     * told by e-mail (a redeemed seat is taken back; an open invitation is withdrawn). Answers how many.
     */
    async freeDueRemovals() {
      const at = now();
      let freed = 0;
      for (const due of await dueRemovals(db, at)) {
        if (!due.businessId || !(await claimRemoval(db, due.seatId, at))) continue;
        await (due.redeemed ? remove : withdraw)(null, due.businessId, due.seatId);
        freed++;
      }
      return freed;
    },
  };
}
