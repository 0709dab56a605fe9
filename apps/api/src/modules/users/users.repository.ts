import { and, asc, desc, eq, ilike, ne, or, sql, sum } from "drizzle-orm";
import { type Db, listPage } from "../../db/client.ts";
import type { UserAudience } from "@serene/contract";
import { likePattern } from "../../lib/paging.ts";
import { deletionRequests, hostRequests, userSignupsMonthly, users } from "../../db/schema/index.ts";

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

/** All accounts: the sum of the monthly sign-up counts (a few rows, kept by triggers). */
export async function countUsers(db: Db) {
  const [row] = await db.select({ n: sum(userSignupsMonthly.n) }).from(userSignupsMonthly);
  return Number(row?.n ?? 0);
}

/** Which accounts each audience is: the app's users (listeners and hosts), the staff (admins), or all. */
const AUDIENCE = { app: ne(users.role, "admin"), staff: eq(users.role, "admin"), all: undefined } as const;

/** Staff accounts, counted by the role index (a handful of rows). */
export const countStaff = (db: Db) => db.$count(users, AUDIENCE.staff);

/** App users: every account less the staff. */
export async function countAppUsers(db: Db) {
  const [all, staff] = await Promise.all([countUsers(db), countStaff(db)]);
  return all - staff;
}

export interface UserListQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  sort: "newest" | "oldest" | "username";
  audience: UserAudience;
}

const USER_ORDERS = {
  newest: [desc(users.timeCreated), desc(users.id)],
  oldest: [asc(users.timeCreated), asc(users.id)],
  username: [asc(users.username), asc(users.id)],
} as const;

/**
 * A page of one audience's accounts in one of the list's orders (each an index, so the page stops
 * at its limit); the audience is part of each prepared statement.
 */
const audiencePage = (audience: UserAudience) =>
  listPage(
    `users_${audience}`,
    Object.keys(USER_ORDERS) as UserListQuery["sort"][],
    (db, sort, where, limit, offset) =>
      db
        .select()
        .from(users)
        .where(and(AUDIENCE[audience], where))
        .orderBy(...USER_ORDERS[sort])
        .limit(limit)
        .offset(offset),
  );
const usersPage = { app: audiencePage("app"), staff: audiencePage("staff"), all: audiencePage("all") };
const audienceTotal = { app: countAppUsers, staff: countStaff, all: countUsers };

export async function listUsers(db: Db, query: UserListQuery) {
  const pattern = query.q && likePattern(query.q);
  // lower(...) LIKE matches the trigram indexes on lower(username) and lower(email).
  const where = pattern
    ? or(ilike(sql`lower(${users.username})`, pattern), ilike(sql`lower(${users.email})`, pattern))
    : undefined;
  const offset = (query.page - 1) * query.limit;
  // The page stops at its limit; the total is counted apart: by the sign-up counters without a
  // search, else over the matching rows only.
  const [rows, total] = await Promise.all([
    usersPage[query.audience](db, query.sort, where, query.limit, offset),
    where ? db.$count(users, and(AUDIENCE[query.audience], where)) : audienceTotal[query.audience](db),
  ]);
  return { rows, total };
}

/**
 * Deletes a user row (sessions, messages and host requests go with it by cascade) and marks
 * their pending deletion requests executed. Answers the row and the picture keys it leaves
 * behind (avatar, host request pictures); undefined when there was no such user.
 */
export async function deleteAccountRows(db: Db, id: string, actorId: string | null) {
  const requestImages = await db
    .select({ key: hostRequests.imageKey })
    .from(hostRequests)
    .where(eq(hostRequests.userId, id));
  await db
    .update(deletionRequests)
    .set({ state: "executed", executedBy: actorId, executedAt: sql`now()` })
    .where(and(eq(deletionRequests.userId, id), eq(deletionRequests.state, "pending")));
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row && { row, files: [row.imageKey, ...requestImages.map((r) => r.key)] };
}
