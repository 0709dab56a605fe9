import {
  type BusinessListQuery,
  CURRENCY,
  emailSchema,
  type GrantSeatsInput,
  MIN_FREED_DAYS,
  type PortalCheckoutInput,
  RENEW_WINDOW_DAYS,
  type ReportQuery,
  type SeatListQuery,
  type StripePaymentInput,
  SUBSCRIPTION_MONTHS,
  type UpdateBusinessInput,
  type BusinessFilter,
} from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { InvoiceSeller } from "../../db/schema/index.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { parseCursor, parseTimeCursor, splitTier, timePage } from "../../lib/paging.ts";
import { newToken, sha256 } from "../../lib/tokens.ts";
import type { PortalContext } from "../../plugins/types.ts";
import type { Mailer } from "../mail/index.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { endPaidTime } from "../users/index.ts";
import { consumeBrowserToken, insertCodes, insertPurchase } from "./business.repository.ts";
import { newSubscriptionCode } from "./codes.ts";
import { businessReport, type ReportDeps } from "./report.service.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { createPortalSender } from "./portal.sender.ts";
import { invitationWithdrawn, seatInvitation, seatRemoved, seatsExpiring } from "./portal.mail.ts";
import { createEligibility } from "./eligibility.ts";
import { createSeatActions } from "./seat-actions.ts";
import {
  businessesOfAdmin,
  claimReminder,
  consumePortalToken,
  deleteAdmin,
  deletePortalSession,
  deleteSessionsOfFormerAdmin,
  latestLiveSeatExpiry,
  findBusiness,
  findInvoice,
  findPortalSession,
  findSeat,
  findUserContact,
  freeSeat,
  insertAdmin,
  insertBusinessActivity,
  insertPortalSession,
  heldSeats,
  isBusinessAdmin,
  listAdmins,
  listBusinessActivity,
  eachBusiness,
  listBusinesses,
  listBusinessPurchases,
  listInvoices,
  listSeats,
  liveSeatsOf,
  lockAdmins,
  markAdminSignedIn,
  expiringSeatCount,
  nextExpiry,
  rotateJoinToken,
  seatCounts,
  seatsByIds,
  seatsExpiringWithin,
  setSeatInvited,
  takeFreeSeats,
  updateBusiness,
} from "./portal.repository.ts";

/** Expiry reminders go this many days before seats expire (the first one that applies). */
const REMINDER_STEPS = [7, 30, 60] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A checkout the business portal opens: more seats for a business, or a renewal of some of its seats. */
export type PortalOrder =
  { businessId: string; kind: "add" } | { businessId: string; kind: "renew"; renewCodeIds: string[] };

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

/** The cells of one CSV line (commas; double quotes around a cell, "" inside one). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  return [...cells, cell.trim()];
}

/**
 * The `email` column of a CSV file (its first row names the columns), each cell with its line
 * number in the file (the header is line 1); blank lines are left out.
 */
export function emailLinesFromCsv(csv: string): { line: number; email: string }[] {
  const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = lines.findIndex((line) => line.trim() !== "");
  const column = csvCells(lines[header] ?? "")
    .map((c) => c.toLowerCase())
    .indexOf("email");
  if (column === -1)
    throw new AppError("validation_failed", "The CSV file has no `email` column", [
      { field: "file", message: "The first row must name an `email` column" },
    ]);
  return lines.flatMap((text, i) =>
    i > header && text.trim() !== "" ? [{ line: i + 1, email: csvCells(text)[column] ?? "" }] : [],
  );
}

/** Addresses of a CSV file's `email` column (its first row names the columns). */
export const emailsFromCsv = (csv: string): string[] => emailLinesFromCsv(csv).map((row) => row.email);

export interface PortalServiceDeps {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  /** config.siteUrl: the base of every e-mail link. */
  siteUrl: string;
  sessionTtlMs: number;
  /** The purchase flow's checkout (Stripe or the test checkout), which the portal's orders go through. */
  checkout: (input: StripePaymentInput, order: PortalOrder) => Promise<{ url: string; browserToken: string }>;
  /** The seller printed on invoices made before they recorded theirs. */
  seller: InvoiceSeller;
  /** The listening module's aggregate of listeners while they held a seat (the report). */
  engagement: ReportDeps["engagement"];
  /** The clock: which months have ended (the report), when scheduled removals are due. */
  now: () => Date;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}

export function createPortalService(deps: PortalServiceDeps) {
  const { db, siteUrl, supportEmail } = deps;
  const sender = createPortalSender(deps);
  const { send } = sender;

  /** The invitation's link: the code, and the invited address the sign-up form is filled in with. */
  const redeemUrl = (code: string, email: string) =>
    `${siteUrl}/listen/redeem?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;

  /** One person's invitation to a seat of the business, as its e-mail. */
  async function invitation(businessId: string, email: string, code: string) {
    const businessName = (await business(businessId)).row.name;
    return seatInvitation({ businessName, code, redeemUrl: redeemUrl(code, email), supportEmail });
  }

  /** E-mails one person their invitation to a seat of the business. */
  async function sendInvitation(businessId: string, email: string, code: string) {
    return send(email, await invitation(businessId, email, code));
  }

  async function business(id: string) {
    const row = await findBusiness(db, id);
    if (!row) throw notFound("Business");
    const [seats, expiry, renewable] = await Promise.all([
      seatCounts(db, id),
      nextExpiry(db, id),
      expiringSeatCount(db, id, RENEW_WINDOW_DAYS),
    ]);
    return { row, seats, nextExpiry: expiry, renewable };
  }

  async function seat(businessId: string, seatId: string) {
    const found = await findSeat(db, businessId, seatId);
    if (!found) throw notFound("Seat");
    return found;
  }

  const adminList = (businessId: string) => listAdmins(db, businessId);

  async function openSession(email: string, businesses: { id: string; name: string }[]) {
    const session = newToken();
    await insertPortalSession(db, email, sha256(session), new Date(Date.now() + deps.sessionTtlMs));
    await markAdminSignedIn(db, email);
    return { token: session, email, businesses };
  }

  const seatActions = createSeatActions({
    db,
    seat,
    sendInvitation,
    async sendWithdrawn(businessId, email) {
      const businessName = (await business(businessId)).row.name;
      return send(email, invitationWithdrawn({ businessName, supportEmail }));
    },
  });

  const service = {
    ...seatActions,

    /**
     * Mails a sign-in link to an admin's address, within the e-mail limit of each address (shared
     * with the account e-mails); any other address, or one over its limit, gets nothing (same
     * answer, same work: the request only queues it).
     */
    requestLink: sender.requestLink,

    /** Trades a magic link for a portal session. */
    async startSession(token: string) {
      const email = await consumePortalToken(db, sha256(token));
      const businesses = email ? await businessesOfAdmin(db, email) : [];
      if (!email || businesses.length === 0)
        throw new AppError("invalid_token", "This sign-in link is not valid any more. Ask for a new one.");
      return openSession(email, businesses);
    },

    /**
     * The browser that started a paid checkout comes back with its one-time value: it gets a
     * portal session for the buyer (once; any other value, or an unpaid checkout, gets none).
     */
    async sessionAfterCheckout(purchaseId: string, browserToken: string) {
      const email = await consumeBrowserToken(db, purchaseId, sha256(browserToken));
      const businesses = email ? await businessesOfAdmin(db, email) : [];
      return email && businesses.length > 0 ? openSession(email, businesses) : null;
    },

    /** Signs out: the session of this token ends (nothing happens for an unknown token). */
    signOut: (token: string) => deletePortalSession(db, sha256(token)),

    /** The portal session of a token, or null. */
    async authenticate(token: string): Promise<PortalContext | null> {
      const found = await findPortalSession(db, sha256(token));
      return found ? { sessionId: found.id, email: found.email } : null;
    },

    /** Whether this address administers this business (any other id, well-formed or not: no). */
    administers: (email: string, businessId: string) =>
      UUID.test(businessId) ? isBusinessAdmin(db, email, businessId) : Promise.resolve(false),

    get: business,

    async update(actor: string | null, id: string, body: UpdateBusinessInput) {
      const { rotateJoinUrl, ...fields } = body;
      await db.transaction(async (tx) => {
        const before = (await findBusiness(tx, id))!;
        // Only the fields whose value changed are named in the log.
        const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
          (f) => JSON.stringify(before[f]) !== JSON.stringify(fields[f]),
        );
        if (changed.length > 0) await updateBusiness(tx, id, fields);
        if (rotateJoinUrl) await rotateJoinToken(tx, id);
        const named = rotateJoinUrl ? [...changed, "rotateJoinUrl"] : changed;
        if (named.length > 0)
          await insertBusinessActivity(tx, id, actor, "business.update", { changed: named });
      });
      return business(id);
    },

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

    admins: adminList,

    async addAdmin(actor: string | null, id: string, email: string) {
      if (await insertAdmin(db, id, email)) {
        await insertBusinessActivity(db, id, actor, "admin.add", { email });
        await sender.welcomeAdmin(email);
      }
      return adminList(id);
    },

    async removeAdmin(actor: string, id: string, email: string) {
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx, id);
        const target = admins.find((a) => a.email.toLowerCase() === email.toLowerCase());
        if (!target) throw notFound("Admin");
        if (admins.length === 1)
          throw new AppError("last_admin", "A business keeps at least one admin: add another one first");
        await deleteAdmin(tx, id, email);
        // A removed admin's sessions end at once (unless the address still runs another business).
        await deleteSessionsOfFormerAdmin(tx, email);
        await insertBusinessActivity(tx, id, actor, "admin.remove", { email: target.email });
      });
      return adminList(id);
    },

    /**
     * Opens a checkout for more seats (1-100) or for renewing redeemed seats within 60 days of
     * their expiry; the seats appear (or run on) once the payment is confirmed on the server.
     */
    async checkout(actor: string, id: string, body: PortalCheckoutInput) {
      const { row } = await business(id);
      let order: PortalOrder;
      let seats: number;
      if (body.kind === "add") {
        order = { businessId: id, kind: "add" };
        seats = body.seats;
      } else {
        const ids = [...new Set(body.seatIds)];
        const found = new Map((await seatsByIds(db, id, ids)).map((s) => [s.id, s]));
        const horizon = Date.now() + RENEW_WINDOW_DAYS * 24 * 3600_000;
        const refused = ids.filter((seatId) => {
          const seat = found.get(seatId);
          return !seat || seat.state !== "redeemed" || seat.expiresAt!.getTime() > horizon;
        });
        if (refused.length > 0)
          throw new AppError(
            "conflict",
            `Only redeemed seats expiring within ${RENEW_WINDOW_DAYS} days can be renewed`,
            refused.map((seatId) => ({ field: "seatIds", message: `${seatId} cannot be renewed now` })),
          );
        order = { businessId: id, kind: "renew", renewCodeIds: ids };
        seats = ids.length;
      }
      const { url, browserToken } = await deps.checkout(
        {
          assignedName: row.name,
          email: actor,
          totalUsers: seats,
          totalMonths: SUBSCRIPTION_MONTHS,
          sessionReturn: true,
        },
        order,
      );
      await insertBusinessActivity(db, id, actor, `checkout.${body.kind}`, { seats });
      return { url, browserToken };
    },

    invoices: (id: string) => listInvoices(db, id),

    /** An invoice as a PDF, with the seller it was issued by. */
    async invoicePdf(id: string, invoiceId: string) {
      const invoice = await findInvoice(db, id, invoiceId);
      if (!invoice) throw notFound("Invoice");
      return { number: invoice.number, pdf: invoicePdf(invoice, deps.seller) };
    },

    /**
     * E-mails the admins of businesses whose seats expire within 60, 30 or 7 days: once per
     * business, month of expiry and step (claimed, so several instances send it once), counting
     * the month's seats; a month first seen at 20 days gets the 30-day one only. Answers how many
     * e-mails went out.
     */
    async sendExpiryReminders() {
      let sent = 0;
      for (const due of await seatsExpiringWithin(db, REMINDER_STEPS.at(-1)!)) {
        const step = REMINDER_STEPS.find((s) => due.daysLeft <= s)!;
        if (!(await claimReminder(db, due.businessId, due.month, step))) continue;
        const content = seatsExpiring({
          businessName: due.name,
          seats: due.seats,
          first: due.first,
          last: due.last,
          days: due.daysLeft,
          portalUrl: `${siteUrl}/business/portal`,
          supportEmail,
        });
        for (const admin of await adminList(due.businessId)) if (await send(admin.email, content)) sent++;
        await insertBusinessActivity(db, due.businessId, null, "reminder.expiry", {
          date: due.first,
          seats: due.seats,
          step,
        });
      }
      return sent;
    },

    /** The back office's list of businesses, in the order asked (newest first unless told). */
    async list(query: BusinessListQuery) {
      const { rows, total } = await listBusinesses(db, query);
      return { items: await Promise.all(rows.map((r) => business(r.business.id))), total };
    },

    /** The businesses a search matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, filter: BusinessFilter) {
      await recordActivity(db, actor, "business.export", "business", null, { filter });
      return eachBusiness(db, filter);
    },

    /** One business for the back office: with its admins and purchases. */
    async detail(id: string) {
      const found = await business(id);
      const [admins, purchases] = await Promise.all([adminList(id), listBusinessPurchases(db, id)]);
      return { ...found, admins, purchases };
    },

    /** The back office sends an admin of the business a new sign-in link. */
    async sendAdminLink(actor: Actor, id: string, email: string) {
      await business(id);
      if (!(await isBusinessAdmin(db, email, id))) throw notFound("Admin");
      if (!(await sender.sendLink(email)))
        throw new AppError("service_unavailable", "The e-mail could not be sent. Please try again later.");
      await recordActivity(db, actor, "business.send_portal_link", "business", id, { email });
    },

    /** Seats the back office gives for free, with a reason: a paid-at-once purchase of 0, audited. */
    async grantSeats(actor: Actor, id: string, input: GrantSeatsInput) {
      const { row } = await business(id);
      await db.transaction(async (tx) => {
        const purchase = await insertPurchase(tx, {
          assignedName: row.name,
          email: row.billingEmail,
          totalUsers: input.seats,
          totalMonths: input.months,
          amountCents: 0,
          currency: CURRENCY,
          provider: "grant",
          state: "paid",
          paidAt: new Date(),
          codesCreatedAt: new Date(),
          codesEmailedAt: new Date(),
          businessId: id,
          kind: "grant",
        });
        let made = 0;
        while (made < input.seats) {
          const batch = Array.from({ length: input.seats - made }, newSubscriptionCode);
          made += (await insertCodes(tx, purchase.id, [...new Set(batch)])).length;
        }
        // Nothing of the business changes: the record is the free purchase its seats come from.
        await recordActivity(
          tx,
          actor,
          "business.grant_seats",
          "business",
          id,
          { ...input },
          { after: purchase },
        );
        await insertBusinessActivity(tx, id, null, "seats.granted", { ...input });
      });
      return business(id);
    },

    /** The anonymised report of whole ended months (BUSINESS-API.md; report.service.ts). */
    async report(id: string, query: ReportQuery) {
      await business(id);
      return businessReport(deps, id, query);
    },

    async activity(id: string, query: { cursor?: string; limit: number }) {
      const rows = await listBusinessActivity(db, id, query.limit, parseTimeCursor(query.cursor));
      return timePage(
        rows,
        query.limit,
        (r): [string, string] => [r.cursorAt, r.activity.id],
        (r) => r.activity,
      );
    },
  };
  const eligibility = createEligibility({
    db,
    now: deps.now,
    invite: service.invite,
    remove: service.remove,
    withdraw: seatActions.withdraw,
    business,
  });
  return { ...service, ...eligibility };
}

export type PortalService = ReturnType<typeof createPortalService>;
