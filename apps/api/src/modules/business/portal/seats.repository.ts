/** A business's seats: their state, counts, invitations and freeing (SQL only). */
import { orderOf, type SeatListQuery, type SeatSort, seatSortSpec, type SeatState } from "@serene/contract";
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { businessPurchases, subscriptionCodes, users } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";
import { type After, cursorTime, keysetAfter, likePattern } from "../../../lib/paging.ts";
import { endHolding } from "../holdings.repository.ts";

export type SeatRow = typeof subscriptionCodes.$inferSelect;

/** A seat's state, from its code's columns (BUSINESS-API.md: unsent, invited, redeemed, expired, freed). */
export const seatState = sql<SeatState>`case
  when ${subscriptionCodes.redeemedAt} is not null and ${subscriptionCodes.expiresAt} <= now() then 'expired'
  when ${subscriptionCodes.redeemedAt} is not null then 'redeemed'
  when ${subscriptionCodes.invitedEmail} is not null then 'invited'
  when ${subscriptionCodes.freedAt} is not null then 'freed'
  else 'unsent' end`;

export const ofBusiness = (businessId: string) =>
  sql`${subscriptionCodes.purchaseId} in (select p.id from business_purchases p where p.business_id = ${businessId})`;

/** How many seats a business has in each state. */
export async function seatCounts(db: Db, businessId: string) {
  const rows = await db
    .select({ state: seatState, n: sql<number>`count(*)::int` })
    .from(subscriptionCodes)
    .where(ofBusiness(businessId))
    .groupBy(sql`1`);
  const counts = { total: 0, unsent: 0, invited: 0, redeemed: 0, expired: 0, freed: 0 };
  for (const r of rows) {
    counts[r.state] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/** Redeemed seats still running that expire within `days` days (that many days from now included). */
export const expiringWithin = (days: number) =>
  and(
    sql`${subscriptionCodes.redeemedAt} is not null`,
    gt(subscriptionCodes.expiresAt, sql`now()`),
    sql`${subscriptionCodes.expiresAt} <= now() + make_interval(days => ${days}::int)`,
  );

/** How many redeemed seats of a business expire within `days` days. */
export async function expiringSeatCount(db: Db, businessId: string, days: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptionCodes)
    .where(and(ofBusiness(businessId), expiringWithin(days)));
  return row?.n ?? 0;
}

/** The next day on which redeemed seats expire, and how many expire then. */
export async function nextExpiry(db: Db, businessId: string) {
  const day = sql<string>`to_char(${subscriptionCodes.expiresAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [row] = await db
    .select({ date: day, seats: sql<number>`count(*)::int` })
    .from(subscriptionCodes)
    .where(and(ofBusiness(businessId), gt(subscriptionCodes.expiresAt, sql`now()`)))
    .groupBy(day)
    .orderBy(day)
    .limit(1);
  return row ?? null;
}

/**
 * A seat's code was listed in its purchase's e-mail (the spec's original client): whoever the buyer
 * passed it to may redeem it, so the portal never invites with it. A freed seat has a new code.
 */
const codeInPurchaseEmail = sql<boolean>`(${subscriptionCodes.freedAt} is null and exists (select 1 from business_purchases lp
  where lp.id = ${subscriptionCodes.purchaseId} and lp.original_client))`;

/** A seat no one holds whose code the portal may send: not redeemed, not invited, not in the purchase e-mail. */
export const seatIsFree = and(
  isNull(subscriptionCodes.redeemedAt),
  isNull(subscriptionCodes.invitedEmail),
  sql`not ${codeInPurchaseEmail}`,
)!;

const seatColumns = {
  seat: subscriptionCodes,
  state: seatState,
  inPurchaseEmail: codeInPurchaseEmail,
  username: users.username,
  email: users.email,
};

/** A seat's value for each order of the seats list, as text compared byte by byte; null when it has none. */
const seatSortValues: Record<SeatSort, SQL<string | null>> = {
  created: cursorTime(subscriptionCodes.createdAt),
  activity: cursorTime(sql`greatest(${subscriptionCodes.invitedAt}, ${subscriptionCodes.redeemedAt})`),
  state: seatState,
  person: sql`lower(coalesce(${users.email}, ${subscriptionCodes.invitedEmail}))`,
  invitedAt: cursorTime(subscriptionCodes.invitedAt),
  redeemedAt: cursorTime(subscriptionCodes.redeemedAt),
  expiresAt: cursorTime(subscriptionCodes.expiresAt),
};

/** Where the next page of seats starts: the last row's key and id, and whether its value was missing (1). */
export type SeatsAfter = (NonNullable<After> & { missing: number }) | null;

/**
 * A page of a business's seats in the order asked (`sort`, `direction`): newest first when none is,
 * or with `expiringWithinDays` only the redeemed seats expiring within that many days, soonest
 * first. Seats without the value sorted by come last either way; the id breaks ties, so a page's
 * edge is stable. Each row carries its `sortKey` and `missing`, where the next page starts.
 */
export async function listSeats(db: Db, businessId: string, query: SeatListQuery, after: SeatsAfter) {
  const expiring = query.expiringWithinDays;
  const { field, direction } = orderOf(
    seatSortSpec,
    query.sort ?? (expiring ? "expiresAt" : "created"),
    query.direction,
  );
  const value = seatSortValues[field];
  const key = sql<string>`(coalesce(${value}, '') collate "C")`;
  const missing = sql<number>`(case when ${value} is null then 1 else 0 end)`;
  const filters: (SQL | undefined)[] = [ofBusiness(businessId)];
  if (after)
    filters.push(
      sql`(${missing} > ${after.missing} or (${missing} = ${after.missing} and ${keysetAfter(key, subscriptionCodes.id, after, direction)}))`,
    );
  if (expiring) filters.push(expiringWithin(expiring));
  if (query.state) filters.push(sql`${seatState} = ${query.state}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      sql`(lower(${subscriptionCodes.invitedEmail}) like ${pattern} or lower(${users.email}) like ${pattern} or lower(${users.username}) like ${pattern})`,
    );
  }
  const by = direction === "asc" ? asc : desc;
  const order = [asc(missing), by(key), by(subscriptionCodes.id)];
  // The page's seats are picked first (their listeners joined only to search or sort by person),
  // then the page's listeners: a business of 10,000 seats does not join 10,000 accounts for a page.
  let page = db.select({ id: subscriptionCodes.id }).from(subscriptionCodes).$dynamic();
  if (query.q || field === "person") page = page.leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy));
  return db
    .select({ ...seatColumns, sortKey: key, missing })
    .from(subscriptionCodes)
    .leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy))
    .where(
      inArray(
        subscriptionCodes.id,
        page
          .where(and(...filters))
          .orderBy(...order)
          .limit(query.limit + 1),
      ),
    )
    .orderBy(...order);
}

export async function findSeat(db: Db, businessId: string, seatId: string) {
  const [row] = await db
    .select(seatColumns)
    .from(subscriptionCodes)
    .leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy))
    .where(and(ofBusiness(businessId), eq(subscriptionCodes.id, seatId)));
  return row;
}

/**
 * The seats these addresses (lower-cased) already hold: sent to them and not redeemed, or
 * redeemed, still running, by the account with that address. Answers each with the address.
 */
export async function heldSeats(tx: Db, businessId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return tx
    .select({
      id: subscriptionCodes.id,
      email: sql<string>`lower(coalesce(${users.email}, ${subscriptionCodes.invitedEmail}))`,
    })
    .from(subscriptionCodes)
    .leftJoin(users, eq(users.id, subscriptionCodes.redeemedBy))
    .where(
      and(
        ofBusiness(businessId),
        or(
          and(
            isNull(subscriptionCodes.redeemedAt),
            inArray(sql`lower(${subscriptionCodes.invitedEmail})`, emails),
          ),
          and(gt(subscriptionCodes.expiresAt, sql`now()`), inArray(sql`lower(${users.email})`, emails)),
        ),
      ),
    );
}

/**
 * Up to `n` seats no one holds whose codes were not in a purchase e-mail, unsent ones first, then
 * freed ones; locked for the caller.
 */
export async function takeFreeSeats(tx: Db, businessId: string, n: number) {
  if (n === 0) return [];
  return tx
    .select({ id: subscriptionCodes.id, code: subscriptionCodes.code })
    .from(subscriptionCodes)
    .where(and(ofBusiness(businessId), seatIsFree))
    .orderBy(sql`${subscriptionCodes.freedAt} is not null`, asc(subscriptionCodes.createdAt))
    .limit(n)
    .for("update", { skipLocked: true });
}

export async function setSeatInvited(tx: Db, seatId: string, email: string) {
  await tx
    .update(subscriptionCodes)
    .set({ invitedEmail: email, invitedAt: sql`now()` })
    .where(eq(subscriptionCodes.id, seatId));
}

/**
 * Frees a redeemed seat: its listener no longer holds it, it keeps the days it had left, and it
 * gets a new code (the old one is spent). With fewer than `minDays` left it is raised to
 * `minDays`, once per seat per year of its purchase (`floorRaisedAt`); raised already this year,
 * it keeps what it has left. Answers the seat as it was.
 */
export async function freeSeat(tx: Db, seatId: string, newCode: string, minDays: number) {
  const daysLeft = sql`ceil(extract(epoch from (${subscriptionCodes.expiresAt} - now())) / 86400)::int`;
  // The year of the seat's purchase a moment falls in (0 the first), counted from its payment.
  const paidAt = sql`coalesce((select ${businessPurchases.paidAt} from ${businessPurchases} where ${businessPurchases.id} = ${subscriptionCodes.purchaseId}), ${subscriptionCodes.createdAt})`;
  const purchaseYear = (at: SQL) => sql`extract(year from age(${at}, ${paidAt}))`;
  const floorDue = sql`(${daysLeft} < ${minDays}::int and (${subscriptionCodes.floorRaisedAt} is null or ${purchaseYear(sql`${subscriptionCodes.floorRaisedAt}`)} <> ${purchaseYear(sql`now()`)}))`;
  const [before] = await tx
    .select()
    .from(subscriptionCodes)
    .where(eq(subscriptionCodes.id, seatId))
    .for("update");
  if (!before?.redeemedAt) return undefined;
  await tx
    .update(subscriptionCodes)
    .set({
      code: newCode,
      redeemedBy: null,
      redeemedAt: null,
      expiresAt: null,
      invitedEmail: null,
      invitedAt: null,
      freedAt: sql`now()`,
      remainingDays: sql`case when ${floorDue} then ${minDays}::int else greatest(${daysLeft}, 0) end`,
      floorRaisedAt: sql`case when ${floorDue} then now() else ${subscriptionCodes.floorRaisedAt} end`,
    })
    .where(eq(subscriptionCodes.id, seatId));
  await endHolding(tx, seatId);
  return before;
}

/** The live seats a listener holds (redeemed, not expired), with their business. */
export async function liveSeatsOf(tx: Db, userId: string) {
  return tx
    .select({ id: subscriptionCodes.id, businessId: businessPurchases.businessId })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .where(and(eq(subscriptionCodes.redeemedBy, userId), gt(subscriptionCodes.expiresAt, sql`now()`)));
}

/** When a listener's latest live seat (any business's) ends; null when they hold none. */
export async function latestLiveSeatExpiry(db: Db, userId: string) {
  const [row] = await db
    .select({
      until: sql<Date | null>`max(${subscriptionCodes.expiresAt})`.mapWith(subscriptionCodes.expiresAt),
    })
    .from(subscriptionCodes)
    .where(and(eq(subscriptionCodes.redeemedBy, userId), gt(subscriptionCodes.expiresAt, sql`now()`)));
  return row?.until ?? null;
}

export async function findUserContact(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether a listener already holds a live seat of a business (another purchase's counts too). */
export async function userHasLiveSeatOfBusiness(db: Db, userId: string, businessId: string) {
  const [row] = await db
    .select({ id: subscriptionCodes.id })
    .from(subscriptionCodes)
    .where(
      and(
        eq(subscriptionCodes.redeemedBy, userId),
        gt(subscriptionCodes.expiresAt, sql`now()`),
        ofBusiness(businessId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A renewal paid: each seat runs `months` more from its expiry. Answers the renewed seats' listeners and ends. */
export async function renewSeats(tx: Db, seatIds: string[], months: number) {
  if (seatIds.length === 0) return [];
  return tx
    .update(subscriptionCodes)
    .set({ expiresAt: sql`${subscriptionCodes.expiresAt} + make_interval(months => ${months}::int)` })
    .where(and(inArray(subscriptionCodes.id, seatIds), sql`${subscriptionCodes.expiresAt} is not null`))
    .returning({ userId: subscriptionCodes.redeemedBy, expiresAt: subscriptionCodes.expiresAt });
}

/** Seats of a business by id, with their state (a renewal checks them). */
export async function seatsByIds(db: Db, businessId: string, seatIds: string[]) {
  return db
    .select({ id: subscriptionCodes.id, state: seatState, expiresAt: subscriptionCodes.expiresAt })
    .from(subscriptionCodes)
    .where(and(ofBusiness(businessId), inArray(subscriptionCodes.id, seatIds)));
}
