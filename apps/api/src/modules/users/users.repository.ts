import {
  orderOf,
  staffRoles,
  type UserAudience,
  type UserExportQuery,
  type UserFilter,
  type UserListQuery,
  type UserSortField,
  userSorts,
} from "@serene/contract";
import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Db, fixedRowsPrepared, listPage } from "../../db/client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { likePattern, sortedInBatches, sortOrders } from "../../lib/paging.ts";
import { hostRequests, userSignupsMonthly, users } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";
import { iso } from "../../lib/iso.ts";

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

/** The account of an address, outside the trash (a trashed account's address stays taken by the unique index). */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, notTrashed(users)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), notTrashed(users)))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

// ---- Commands: how other modules change an account (this module owns the users table) ----

/** A new account: a sign-up, a staff invitation, the first admin, demo and test people. */
export async function addAccount(db: Db, account: Omit<NewUser, "id" | "deletedAt" | "deletedBy">) {
  return insertUser(db, account);
}

/** What a person changes of their own profile (the back office's and the listener's). */
export type ProfileChanges = Partial<
  Pick<NewUser, "username" | "lastName" | "imageKey" | "mood" | "experience" | "timeZone">
>;
export const changeProfile = (db: Db, id: string, changes: ProfileChanges) => updateUser(db, id, changes);

/** A new password (its hash): sessions issued before it can be told apart by the change time. */
export const setPassword = (db: Db, id: string, passwordHash: string) =>
  updateUser(db, id, { passwordHash, passwordChangedAt: new Date() });

/** The address is proven (a verification link or an accepted invitation): the invitation is used. */
export async function markEmailVerified(db: Db, id: string) {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, invitedAt: null })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export const setRole = (db: Db, id: string, role: NonNullable<NewUser["role"]>) =>
  updateUser(db, id, { role });

/** Touched at sign-in and as sessions are used: "last activity" in the back office. */
export async function touchLastActive(db: Db, id: string) {
  await db
    .update(users)
    .set({ lastActiveAt: sql`now()` })
    .where(eq(users.id, id));
}

/** An authenticator app being set up: its secret, not yet required at sign-in. */
export const setTotpSecret = (db: Db, id: string, secret: string) =>
  updateUser(db, id, { totpSecret: secret, totpLastStep: null });

/** Two-factor sign-in turned on with the secret set up before. */
export const turnOnTotp = (db: Db, id: string) => updateUser(db, id, { totpEnabledAt: new Date() });

/** Two-factor sign-in off: no secret, nothing required at sign-in. */
export const clearTotp = (db: Db, id: string) =>
  updateUser(db, id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });

/**
 * Takes a TOTP step as used by the account, unless it (or a later one) was used already: a code
 * is accepted once, even by two requests at the same moment. True when this call took it.
 */
export async function claimTotpStep(db: Db, userId: string, step: number) {
  const [row] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return Boolean(row);
}

/** Gives a user the paid status until `until` (or later, if they are paid longer already). */
export async function extendPaidUntil(db: Db, userId: string, until: Date) {
  const [row] = await db
    .update(users)
    .set({
      status: "paid",
      paidUntil: sql`greatest(coalesce(${users.paidUntil}, ${iso(until)}::timestamptz), ${iso(until)}::timestamptz)`,
    })
    .where(eq(users.id, userId))
    .returning({ status: users.status, paidUntil: users.paidUntil });
  return row;
}

/**
 * A paid time that ended early (a seat taken back, valid until `endedUntil`): a user paid no
 * longer than that is paid until `keepUntil` (what else they hold), or free from now on; paid
 * time beyond it, from elsewhere, stays.
 */
export async function endPaidTime(db: Db, userId: string, endedUntil: Date, keepUntil: Date | null) {
  await db
    .update(users)
    .set(keepUntil ? { status: "paid", paidUntil: keepUntil } : { status: "free", paidUntil: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.paidUntil} <= ${iso(endedUntil)}::timestamptz`));
}

/** Users whose paid time has run out go back to free; answers how many. */
export async function expirePaidUsers(db: Db) {
  const rows = await db
    .update(users)
    .set({ status: "free" })
    .where(and(eq(users.status, "paid"), isNotNull(users.paidUntil), lt(users.paidUntil, sql`now()`)))
    .returning({ id: users.id });
  return rows.length;
}

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), notTrashed(users)))
    .limit(1);
  return Boolean(row);
}

/**
 * Which accounts each audience is: the app's users (listeners and hosts), the staff (admins and
 * editors), or all; never those in the trash.
 */
const AUDIENCE = {
  app: and(notInArray(users.role, [...staffRoles]), notTrashed(users)),
  staff: and(inArray(users.role, [...staffRoles]), notTrashed(users)),
  all: notTrashed(users),
} as const;

/** Staff accounts, counted by the role index (a handful of rows). */
export const countStaff = (db: Db) => db.$count(users, AUDIENCE.staff);

/**
 * Every account outside the trash (the sum of the monthly sign-up counts, a few rows kept by
 * triggers, less the trashed accounts, read through their partial index) and the staff among
 * them, in one prepared statement: the users list's total on every unfiltered page.
 */
const accountCountsQuery = fixedRowsPrepared<{ accounts: string; staff: string }>(
  "users_counts",
  sql`select (select coalesce(sum(${userSignupsMonthly.n}), 0) from ${userSignupsMonthly})
               - (select count(*) from ${users} where ${isNotNull(users.deletedAt)}) as accounts,
             (select count(*) from ${users} where ${AUDIENCE.staff}) as staff`,
);
async function accountCounts(db: Db) {
  const [row] = await accountCountsQuery(db);
  return { accounts: Number(row!.accounts), staff: Number(row!.staff) };
}

/** All accounts outside the trash. */
export const countUsers = async (db: Db) => (await accountCounts(db)).accounts;

/** App users: every account less the staff. */
export async function countAppUsers(db: Db) {
  const { accounts, staff } = await accountCounts(db);
  return accounts - staff;
}

/** The users list's sort columns: its pages' orders and the export's. */
const USER_SORT_COLUMNS: Record<UserSortField, AnyPgColumn | SQL> = {
  created: users.timeCreated,
  username: users.username,
  email: sql`lower(${users.email})`,
  role: users.role,
  subscription: users.status,
  mood: users.mood,
};
const USER_ORDERS = sortOrders<UserSortField>(USER_SORT_COLUMNS, users.id);
type UserOrder = keyof typeof USER_ORDERS;

/**
 * A page of one audience's accounts in one of the list's orders; the audience is part of each
 * prepared statement.
 */
/** The columns a page of the list answers with (users.presenter's UserFields): not the password hash. */
const listColumns = {
  id: users.id,
  username: users.username,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  timeCreated: users.timeCreated,
  imageKey: users.imageKey,
  mood: users.mood,
  experience: users.experience,
  percentage: users.percentage,
  role: users.role,
  invitedAt: users.invitedAt,
};

const audiencePage = (audience: UserAudience) =>
  listPage(`users_${audience}`, Object.keys(USER_ORDERS) as UserOrder[], (db, order, where, limit, offset) =>
    db
      .select(listColumns)
      .from(users)
      .where(and(AUDIENCE[audience], where))
      .orderBy(...USER_ORDERS[order])
      .limit(limit)
      .offset(offset),
  );
const usersPage = { app: audiencePage("app"), staff: audiencePage("staff"), all: audiencePage("all") };
const audienceTotal = { app: countAppUsers, staff: countStaff, all: countUsers };

/** A day's start in UTC, as SQL (the sign-up filter's days are UTC days). */
const dayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'UTC')`;

/** The rows a filter of the users list narrows to, beside its audience; undefined when it narrows nothing. */
function userWhere(filter: Omit<UserFilter, "audience">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.q) {
    // lower(...) LIKE matches the trigram indexes on lower(username) and lower(email).
    const pattern = likePattern(filter.q);
    where.push(
      or(ilike(sql`lower(${users.username})`, pattern), ilike(sql`lower(${users.email})`, pattern))!,
    );
  }
  if (filter.role) where.push(eq(users.role, filter.role));
  if (filter.subscription) where.push(eq(users.status, filter.subscription));
  if (filter.mood) where.push(eq(users.mood, filter.mood));
  if (filter.from) where.push(gte(users.timeCreated, dayStart(filter.from)));
  if (filter.to) where.push(lt(users.timeCreated, dayStart(filter.to, 1)));
  return where.length ? and(...where) : undefined;
}

export async function listUsers(db: Db, query: UserListQuery) {
  const where = userWhere(query);
  const { field, direction } = orderOf(userSorts, query.sort, query.direction);
  const offset = (query.page - 1) * query.limit;
  // The page stops at its limit; the total is counted apart: by the sign-up counters without a
  // filter, else over the matching rows only.
  const [rows, total] = await Promise.all([
    usersPage[query.audience](db, `${field}_${direction}`, where, query.limit, offset),
    where ? db.$count(users, and(AUDIENCE[query.audience], where)) : audienceTotal[query.audience](db),
  ]);
  return { rows, total };
}

/** The accounts a filter matches (for a bulk action), at most `limit`, oldest first. */
export function usersMatching(db: Db, filter: UserFilter, limit: number) {
  return db
    .select()
    .from(users)
    .where(and(AUDIENCE[filter.audience], userWhere(filter)))
    .orderBy(asc(users.timeCreated), asc(users.id))
    .limit(limit);
}

/** Every account a filter matches in the list's order (newest first by default), a batch at a time (the CSV export). */
export function eachUser(db: Db, query: UserExportQuery) {
  const { field, direction } = orderOf(userSorts, query.sort, query.direction);
  return sortedInBatches<UserRow & { sortKey: string | null }>(
    USER_SORT_COLUMNS[field],
    users.id,
    direction,
    ({ keys, after }) =>
      db
        .select({ ...getTableColumns(users), ...keys })
        .from(users)
        .where(and(AUDIENCE[query.audience], userWhere(query), after)),
  );
}

/** The accounts of these ids (those that exist, outside the trash). */
export function usersByIds(db: Db, ids: readonly string[]) {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), notTrashed(users)));
}

/**
 * Deletes a user row (sessions, messages and host requests go with it by cascade). Answers the
 * row and the picture keys it leaves behind (avatar, host request pictures); undefined when
 * there was no such user.
 */
export async function deleteAccountRows(db: Db, id: string) {
  const requestImages = await db
    .select({ key: hostRequests.imageKey })
    .from(hostRequests)
    .where(eq(hostRequests.userId, id));
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row && { row, files: [row.imageKey, ...requestImages.map((r) => r.key)] };
}

/**
 * Moves an account to the trash (hidden everywhere). Answers the row as it is now; undefined when
 * there is no such account outside it.
 */
export async function trashUserRow(db: Db, id: string, actorId: string) {
  const [row] = await db
    .update(users)
    .set({ deletedAt: sql`now()`, deletedBy: actorId })
    .where(and(eq(users.id, id), notTrashed(users)))
    .returning();
  return row;
}

/** Takes an account out of the trash; undefined when it is not there. */
export async function restoreUserRow(db: Db, id: string) {
  const [row] = await db
    .update(users)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(users.id, id), isNotNull(users.deletedAt)))
    .returning();
  return row;
}

/**
 * The admins' ids, their rows locked (in id order) until the transaction ends: two admins removing
 * or demoting each other at the same moment wait for one another, so the last admin always stays.
 */
export async function lockAdmins(tx: Db) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), notTrashed(users)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}
