import type { DeletionRequestListQuery, DeletionState, SupportMessageListQuery } from "@serene/contract";
import {
  and,
  count,
  getTableColumns,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { likePattern, pageOf, totalRows } from "../../lib/paging.ts";
import { deletionRequests, supportMessages, users } from "../../db/schema/index.ts";

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

// ---- Support messages ----

export async function insertSupportMessage(db: Db, values: typeof supportMessages.$inferInsert) {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

export async function listSupportMessages(db: Db, query: SupportMessageListQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        ilike(supportMessages.fullName, pattern),
        ilike(supportMessages.email, pattern),
        ilike(supportMessages.subject, pattern),
      )!,
    );
  }
  if (query.state === "unread") filters.push(isNull(supportMessages.readAt));
  if (query.state === "read") filters.push(isNotNull(supportMessages.readAt));
  const where = filters.length ? and(...filters) : undefined;
  const [selected, [unread]] = await Promise.all([
    db
      .select({ ...getTableColumns(supportMessages), total: totalRows })
      .from(supportMessages)
      .where(where)
      .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(supportMessages).where(isNull(supportMessages.readAt)),
  ]);
  return { ...pageOf(selected), unread: unread?.n ?? 0 };
}

/** Marks a message read (keeping the first read time); undefined when there is no such message. */
export async function markSupportMessageRead(db: Db, id: string) {
  const [row] = await db
    .update(supportMessages)
    .set({ readAt: sql`coalesce(${supportMessages.readAt}, now())` })
    .where(eq(supportMessages.id, id))
    .returning();
  return row;
}

// ---- Deletion requests ----

const executor = alias(users, "executor");

/** A request with what the back office shows beside it: the account and who acted on it. */
const withPeople = {
  request: deletionRequests,
  username: users.username,
  userLastActiveAt: users.lastActiveAt,
  executedByEmail: executor.email,
};

export type ListedDeletionRequest = NonNullable<Awaited<ReturnType<typeof findDeletionRequest>>>;

export async function insertDeletionRequest(db: Db, values: typeof deletionRequests.$inferInsert) {
  const [row] = await db.insert(deletionRequests).values(values).returning();
  return row!;
}

/** The open request for an e-mail address, if there is one. */
export async function findPendingDeletionRequestByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(deletionRequests)
    .where(
      and(sql`lower(${deletionRequests.email}) = lower(${email})`, eq(deletionRequests.state, "pending")),
    )
    .orderBy(desc(deletionRequests.createdAt))
    .limit(1);
  return row;
}

export async function findDeletionRequest(db: Db, id: string) {
  const [row] = await db
    .select(withPeople)
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.userId))
    .leftJoin(executor, eq(executor.id, deletionRequests.executedBy))
    .where(eq(deletionRequests.id, id));
  return row;
}

export async function listDeletionRequests(db: Db, query: DeletionRequestListQuery) {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(deletionRequests.email, likePattern(query.q)));
  if (query.state) filters.push(eq(deletionRequests.state, query.state));
  const where = filters.length ? and(...filters) : undefined;
  const selected = await db
    .select({ ...withPeople, total: totalRows })
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.userId))
    .leftJoin(executor, eq(executor.id, deletionRequests.executedBy))
    .where(where)
    .orderBy(desc(deletionRequests.createdAt), desc(deletionRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

/**
 * Closes a pending request (executed or cancelled), recording who and when. Answers the row,
 * or undefined when it was not pending any more (someone else closed it first).
 */
export async function closeDeletionRequest(
  db: Db,
  id: string,
  state: Exclude<DeletionState, "pending">,
  actorId: string | null,
) {
  const [row] = await db
    .update(deletionRequests)
    .set({ state, executedBy: actorId, executedAt: sql`now()` })
    .where(and(eq(deletionRequests.id, id), eq(deletionRequests.state, "pending")))
    .returning();
  return row;
}

/** Pending requests made at or before `cutoff`, with their account's role and last activity. */
export async function findDueDeletionRequests(db: Db, cutoff: Date, limit = 500) {
  return db
    .select({
      request: deletionRequests,
      userRole: users.role,
      userLastActiveAt: users.lastActiveAt,
    })
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.userId))
    .where(and(eq(deletionRequests.state, "pending"), lte(deletionRequests.createdAt, cutoff)))
    .orderBy(deletionRequests.createdAt)
    .limit(limit);
}

/** Marks every pending request about a user executed (their account is gone). */
