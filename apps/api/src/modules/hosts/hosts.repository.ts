import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type HostRequestFilter,
  type HostRequestListQuery,
  type HostRequestSortField,
  hostRequestSorts,
  orderOf,
} from "@serene/contract";
import { newestInBatches, pageOf, sortOrders, totalRows } from "../../lib/paging.ts";
import { hostRequests, users } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";

const withUser = {
  request: hostRequests,
  username: users.username,
  email: users.email,
  userImageKey: users.imageKey,
};

const HOST_REQUEST_ORDERS = sortOrders<HostRequestSortField>(
  {
    created: hostRequests.createdAt,
    name: sql`lower(${users.username})`,
    email: sql`lower(${users.email})`,
  },
  hostRequests.id,
);

/** A page of the requests in one state, in the order asked (newest first unless told). */
export async function listHostRequests(db: Db, query: HostRequestListQuery) {
  const { field, direction } = orderOf(hostRequestSorts, query.sort, query.direction);
  const selected = await db
    .select({ ...withUser, total: totalRows })
    .from(hostRequests)
    .innerJoin(users, eq(users.id, hostRequests.userId))
    .where(and(eq(hostRequests.state, query.state), notTrashed(users)))
    .orderBy(...HOST_REQUEST_ORDERS[`${field}_${direction}`])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

export type ListedHostRequest = NonNullable<Awaited<ReturnType<typeof findHostRequest>>>;

/** Every request in a state with its user, newest first, a batch at a time (the CSV export). */
export const eachHostRequest = (db: Db, filter: HostRequestFilter) =>
  newestInBatches<ListedHostRequest & { id: string; cursorAt: string }>(
    hostRequests.createdAt,
    hostRequests.id,
    ({ keys, after }) =>
      db
        .select({ ...withUser, ...keys })
        .from(hostRequests)
        .innerJoin(users, eq(users.id, hostRequests.userId))
        .where(and(eq(hostRequests.state, filter.state), notTrashed(users), after)),
  );

export async function findHostRequest(db: Db, id: string) {
  const [row] = await db
    .select(withUser)
    .from(hostRequests)
    .innerJoin(users, eq(users.id, hostRequests.userId))
    .where(and(eq(hostRequests.id, id), notTrashed(users)));
  return row;
}

/** The user's latest request, whatever its state. */
export async function findLatestHostRequestOf(db: Db, userId: string) {
  const [row] = await db
    .select(withUser)
    .from(hostRequests)
    .innerJoin(users, eq(users.id, hostRequests.userId))
    .where(eq(hostRequests.userId, userId))
    .orderBy(desc(hostRequests.createdAt), desc(hostRequests.id))
    .limit(1);
  return row;
}

export async function insertHostRequest(db: Db, values: typeof hostRequests.$inferInsert) {
  const [row] = await db.insert(hostRequests).values(values).returning();
  return row!;
}

/** Decides a pending request; answers nothing when it was not pending (already decided). */
export async function decideHostRequest(
  db: Db,
  id: string,
  state: "approved" | "declined",
  deciderId: string,
  reason: string | null,
) {
  const [row] = await db
    .update(hostRequests)
    .set({ state, decidedBy: deciderId, decidedAt: sql`now()`, decisionReason: reason })
    .where(and(eq(hostRequests.id, id), eq(hostRequests.state, "pending")))
    .returning();
  return row;
}

export async function listHosts(db: Db, page: number, limit: number) {
  const where = and(eq(users.role, "host"), notTrashed(users));
  const selected = await db
    .select({ ...getTableColumns(users), total: totalRows })
    .from(users)
    .where(where)
    .orderBy(desc(users.timeCreated), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return pageOf(selected);
}
