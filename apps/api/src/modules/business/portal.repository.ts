import {
  type BusinessFilter,
  type BusinessListQuery,
  type BusinessSortField,
  businessSorts,
  orderOf,
  type SeatListQuery,
  type SeatSort,
  seatSortSpec,
  type SeatState,
} from "@serene/contract";
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  businessActivity,
  businessAdmins,
  businesses,
  businessPurchases,
  businessReminders,
  invoiceCounters,
  invoices,
  portalSessions,
  portalTokens,
  subscriptionCodes,
  users,
} from "../../db/schema/index.ts";
import {
  type After,
  cursorTime,
  keysetAfter,
  likePattern,
  newestInBatches,
  pageOf,
  sortOrders,
  totalRows,
} from "../../lib/paging.ts";
import { endHolding } from "./holdings.repository.ts";

export type BusinessRow = typeof businesses.$inferSelect;
export type SeatRow = typeof subscriptionCodes.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type BusinessActivityRow = typeof businessActivity.$inferSelect;

const sameEmail = (column: SQL | typeof businessAdmins.email | typeof portalSessions.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** A seat's state, from its code's columns (BUSINESS-API.md: unsent, invited, redeemed, expired, freed). */
export const seatState = sql<SeatState>`case
  when ${subscriptionCodes.redeemedAt} is not null and ${subscriptionCodes.expiresAt} <= now() then 'expired'
  when ${subscriptionCodes.redeemedAt} is not null then 'redeemed'
  when ${subscriptionCodes.invitedEmail} is not null then 'invited'
  when ${subscriptionCodes.freedAt} is not null then 'freed'
  else 'unsent' end`;

// ---- Businesses ----

/**
 * The business a paid purchase belongs to: the one of an earlier purchase with the same e-mail
 * and business name, else a new one (with the purchase's e-mail as its first admin). One at a
 * time per (e-mail, name), so two first purchases paid together make one business.
 */
export async function joinOrCreateBusiness(tx: Db, purchase: { email: string; assignedName: string }) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(lower(${purchase.email}) || '|' || lower(${purchase.assignedName})))`,
  );
  const [found] = await tx
    .select({ id: businessPurchases.businessId })
    .from(businessPurchases)
    .where(
      and(
        sameEmail(sql`${businessPurchases.email}`, purchase.email),
        sql`lower(${businessPurchases.assignedName}) = lower(${purchase.assignedName})`,
        sql`${businessPurchases.businessId} is not null`,
      ),
    )
    .limit(1);
  if (found?.id) return { id: found.id, created: false };
  const [row] = await tx
    .insert(businesses)
    .values({ name: purchase.assignedName, billingEmail: purchase.email })
    .returning({ id: businesses.id });
  await tx.insert(businessAdmins).values({ businessId: row!.id, email: purchase.email });
  return { id: row!.id, created: true };
}

export async function setPurchaseBusiness(tx: Db, purchaseId: string, businessId: string) {
  await tx.update(businessPurchases).set({ businessId }).where(eq(businessPurchases.id, purchaseId));
}

export async function findBusiness(db: Db, id: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

export async function findBusinessByJoinToken(db: Db, joinToken: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.joinToken, joinToken));
  return row;
}

export async function updateBusiness(db: Db, id: string, values: Partial<typeof businesses.$inferInsert>) {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  return row;
}

export async function rotateJoinToken(db: Db, id: string) {
  await db
    .update(businesses)
    .set({ joinToken: sql`replace(gen_random_uuid()::text, '-', '')` })
    .where(eq(businesses.id, id));
}

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
const expiringWithin = (days: number) =>
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

/** The rows the businesses list's search narrows to (name, billing or an admin's address). */
function businessWhere(filter: BusinessFilter) {
  if (!filter.q) return undefined;
  const pattern = likePattern(filter.q);
  return sql`(lower(${businesses.name}) like ${pattern} or lower(${businesses.billingEmail}) like ${pattern}
        or exists (select 1 from business_admins a where a.business_id = ${businesses.id} and lower(a.email) like ${pattern}))`;
}

const BUSINESS_ORDERS = sortOrders<BusinessSortField>(
  {
    created: businesses.createdAt,
    name: sql`lower(${businesses.name})`,
    email: sql`lower(${businesses.billingEmail})`,
    seats: sql`(select count(*) from subscription_codes c join business_purchases p on p.id = c.purchase_id
                where p.business_id = ${businesses.id})`,
  },
  businesses.id,
);

/** Businesses in the order asked (newest first unless told), searched by name or an admin's or the billing address. */
export async function listBusinesses(db: Db, query: BusinessListQuery) {
  const { field, direction } = orderOf(businessSorts, query.sort, query.direction);
  const selected = await db
    .select({ business: businesses, total: totalRows })
    .from(businesses)
    .where(businessWhere(query))
    .orderBy(...BUSINESS_ORDERS[`${field}_${direction}`])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

export interface ExportedBusiness {
  business: typeof businesses.$inferSelect;
  /** The portal admins' addresses, comma-separated. */
  admins: string | null;
}

/** Every business the search matches with its admins, newest first, a batch at a time (the CSV export). */
export const eachBusiness = (db: Db, filter: BusinessFilter) =>
  newestInBatches<ExportedBusiness & { id: string; cursorAt: string }>(
    businesses.createdAt,
    businesses.id,
    ({ keys, after }) =>
      db
        .select({
          business: businesses,
          admins: sql<
            string | null
          >`(select string_agg(a.email, ', ' order by a.email) from business_admins a where a.business_id = "businesses"."id")`,
          ...keys,
        })
        .from(businesses)
        .where(and(businessWhere(filter), after)),
  );

export async function listBusinessPurchases(db: Db, businessId: string) {
  return db
    .select()
    .from(businessPurchases)
    .where(eq(businessPurchases.businessId, businessId))
    .orderBy(desc(businessPurchases.createdAt))
    .limit(500);
}

// ---- Admins, magic links and sessions ----

export async function isBusinessAdmin(db: Db, email: string, businessId: string) {
  const [row] = await db
    .select({ id: businessAdmins.id })
    .from(businessAdmins)
    .where(and(eq(businessAdmins.businessId, businessId), sameEmail(businessAdmins.email, email)));
  return Boolean(row);
}

export async function businessesOfAdmin(db: Db, email: string) {
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businessAdmins)
    .innerJoin(businesses, eq(businesses.id, businessAdmins.businessId))
    .where(sameEmail(businessAdmins.email, email))
    .orderBy(asc(businesses.name));
}

export async function insertPortalToken(db: Db, email: string, tokenHash: string, expiresAt: Date) {
  await db.insert(portalTokens).values({ email, tokenHash, expiresAt });
}

/** Uses a live, unused magic link: answers its address once, then never again. */
export async function consumePortalToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(portalTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(portalTokens.tokenHash, tokenHash),
        isNull(portalTokens.usedAt),
        gt(portalTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: portalTokens.email });
  return row?.email;
}

export async function insertPortalSession(db: Db, email: string, tokenHash: string, expiresAt: Date) {
  await db.insert(portalSessions).values({ email, tokenHash, expiresAt });
}

export async function findPortalSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: portalSessions.id, email: portalSessions.email })
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, sql`now()`)));
  return row;
}

export async function deletePortalSession(db: Db, tokenHash: string) {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, tokenHash));
}

/** Ends every portal session of an address that administers no business any more. */
export async function deleteSessionsOfFormerAdmin(tx: Db, email: string) {
  await tx
    .delete(portalSessions)
    .where(
      and(
        sameEmail(portalSessions.email, email),
        sql`not exists (select 1 from ${businessAdmins} where ${sameEmail(businessAdmins.email, email)})`,
      ),
    );
}

export async function markAdminSignedIn(db: Db, email: string) {
  await db
    .update(businessAdmins)
    .set({ lastSignInAt: sql`now()` })
    .where(sameEmail(businessAdmins.email, email));
}

export async function listAdmins(db: Db, businessId: string) {
  return db
    .select()
    .from(businessAdmins)
    .where(eq(businessAdmins.businessId, businessId))
    .orderBy(asc(businessAdmins.addedAt), asc(businessAdmins.id));
}

/** Adds an admin; false when the address is one already. */
export async function insertAdmin(db: Db, businessId: string, email: string) {
  const rows = await db
    .insert(businessAdmins)
    .values({ businessId, email })
    .onConflictDoNothing()
    .returning({ id: businessAdmins.id });
  return rows.length === 1;
}

/** Locks a business's admins (removals are taken one at a time, so the last one stays). */
export async function lockAdmins(tx: Db, businessId: string) {
  return tx
    .select({ email: businessAdmins.email })
    .from(businessAdmins)
    .where(eq(businessAdmins.businessId, businessId))
    .for("update");
}

export async function deleteAdmin(tx: Db, businessId: string, email: string) {
  await tx
    .delete(businessAdmins)
    .where(and(eq(businessAdmins.businessId, businessId), sameEmail(businessAdmins.email, email)));
}

// ---- Seats ----

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

// ---- Activity ----

export async function insertBusinessActivity(
  db: Db,
  businessId: string,
  actorEmail: string | null,
  action: string,
  detail: Record<string, unknown> = {},
) {
  await db.insert(businessActivity).values({ businessId, actorEmail, action, detail });
}

export async function listBusinessActivity(db: Db, businessId: string, limit: number, after: After) {
  return db
    .select({ activity: businessActivity, cursorAt: cursorTime(businessActivity.createdAt) })
    .from(businessActivity)
    .where(
      and(
        eq(businessActivity.businessId, businessId),
        keysetAfter(businessActivity.createdAt, businessActivity.id, after),
      ),
    )
    .orderBy(desc(businessActivity.createdAt), desc(businessActivity.id))
    .limit(limit + 1);
}

// ---- Invoices ----

/** The next number of `year`, taken under the counter row's lock: numbers have no gaps. */
export async function nextInvoiceNumber(tx: Db, year: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `SER-${year}-${String(row!.last).padStart(6, "0")}`;
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listInvoices(db: Db, businessId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.businessId, businessId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(500);
}

export async function findInvoice(db: Db, businessId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), eq(invoices.id, invoiceId)));
  return row;
}

// ---- Reminders ----

/**
 * Redeemed seats expiring within `days` days, by business and UTC month of expiry: the month's
 * first day, the first and last expiry days among them, the days left to the first (1 for
 * tomorrow) and how many.
 */
export async function seatsExpiringWithin(db: Db, days: number) {
  const expiry = sql`(${subscriptionCodes.expiresAt} at time zone 'UTC')`;
  const month = sql<string>`to_char(date_trunc('month', ${expiry}), 'YYYY-MM-DD')`;
  return db
    .select({
      businessId: businesses.id,
      name: businesses.name,
      month,
      first: sql<string>`to_char(min(${expiry}), 'YYYY-MM-DD')`,
      last: sql<string>`to_char(max(${expiry}), 'YYYY-MM-DD')`,
      daysLeft: sql<number>`(min(${expiry})::date - (now() at time zone 'UTC')::date)::int`,
      seats: sql<number>`count(*)::int`,
    })
    .from(subscriptionCodes)
    .innerJoin(businessPurchases, eq(businessPurchases.id, subscriptionCodes.purchaseId))
    .innerJoin(businesses, eq(businesses.id, businessPurchases.businessId))
    .where(expiringWithin(days))
    .groupBy(businesses.id, businesses.name, month);
}

/** Claims one reminder (business, month of expiry, step): true for the one caller that sends it. */
export async function claimReminder(db: Db, businessId: string, month: string, step: number) {
  const rows = await db
    .insert(businessReminders)
    .values({ businessId, expiryDate: month, step })
    .onConflictDoNothing()
    .returning({ step: businessReminders.step });
  return rows.length === 1;
}
