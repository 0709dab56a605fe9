import {
  type DeletionRequestFilter,
  type DeletionRequestListQuery,
  type DeletionState,
  deletionRequestSorts,
  orderOf,
  type SupportMessageFilter,
  type SupportMessageListQuery,
  supportMessageSorts,
} from "@serene/contract";
import {
  and,
  asc,
  count,
  getTableColumns,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { likePattern, newestInBatches, pageOf, sortOrders, totalRows } from "../../lib/paging.ts";
import { deletionRequests, supportMessages, supportReplies, users } from "../../db/schema/index.ts";

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

// ---- Support messages ----

export async function insertSupportMessage(db: Db, values: typeof supportMessages.$inferInsert) {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

/** The rows the support inbox's filter narrows to (search; read or unread; open or closed). */
function supportWhere(filter: SupportMessageFilter) {
  const filters: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    filters.push(
      or(
        ilike(supportMessages.fullName, pattern),
        ilike(supportMessages.email, pattern),
        ilike(supportMessages.subject, pattern),
      )!,
    );
  }
  const states = {
    unread: isNull(supportMessages.readAt),
    read: isNotNull(supportMessages.readAt),
    open: isNull(supportMessages.closedAt),
    closed: isNotNull(supportMessages.closedAt),
  };
  if (filter.state) filters.push(states[filter.state]);
  return filters.length ? and(...filters) : undefined;
}

const SUPPORT_ORDERS = sortOrders(
  {
    created: supportMessages.createdAt,
    name: sql`lower(${supportMessages.fullName})`,
    read: sql`(${supportMessages.readAt} is not null)`,
  },
  supportMessages.id,
);

/**
 * When a message was last replied to (served by the replies' (message, time) index); null before
 * any reply. Written out in full: drizzle leaves a select's own columns unqualified, which inside
 * the subquery would name the replies' columns.
 */
const lastReplyAt =
  sql<Date | null>`(select max(r.created_at) from support_replies r where r.message_id = "support_messages"."id")`.mapWith(
    supportReplies.createdAt,
  );

export async function listSupportMessages(db: Db, query: SupportMessageListQuery) {
  const { field, direction } = orderOf(supportMessageSorts, query.sort, query.direction);
  const [selected, [unread]] = await Promise.all([
    db
      .select({ ...getTableColumns(supportMessages), repliedAt: lastReplyAt, total: totalRows })
      .from(supportMessages)
      .where(supportWhere(query))
      .orderBy(...SUPPORT_ORDERS[`${field}_${direction}`])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(supportMessages).where(isNull(supportMessages.readAt)),
  ]);
  return { ...pageOf(selected), unread: unread?.n ?? 0 };
}

/** Every message the filter matches, newest first, a batch at a time (the CSV export). */
export const eachSupportMessage = (db: Db, filter: SupportMessageFilter) =>
  newestInBatches<SupportMessageRow & { cursorAt: string }>(
    supportMessages.createdAt,
    supportMessages.id,
    ({ keys, after }) =>
      db
        .select({ ...getTableColumns(supportMessages), ...keys })
        .from(supportMessages)
        .where(and(supportWhere(filter), after)),
  );

const assignee = alias(users, "assignee");

/** A message with its assignee's account, or undefined. */
export async function findSupportMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      message: supportMessages,
      assignee: { id: assignee.id, email: assignee.email, username: assignee.username },
    })
    .from(supportMessages)
    .leftJoin(assignee, eq(assignee.id, supportMessages.assignedTo))
    .where(eq(supportMessages.id, id));
  return row;
}

export type SupportMessageWithThread = NonNullable<Awaited<ReturnType<typeof findSupportMessage>>> & {
  replies: (typeof supportReplies.$inferSelect)[];
};

/** A message's replies, oldest first. */
export const listSupportReplies = (db: Db, messageId: string) =>
  db
    .select()
    .from(supportReplies)
    .where(eq(supportReplies.messageId, messageId))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));

export async function insertSupportReply(db: Db, values: typeof supportReplies.$inferInsert) {
  const [row] = await db.insert(supportReplies).values(values).returning();
  return row!;
}

/** Changes a message's assignee or open/closed state; undefined when there is no such message. */
export async function updateSupportMessage(
  db: Db,
  id: string,
  values: Partial<Pick<SupportMessageRow, "assignedTo" | "closedAt" | "readAt">>,
) {
  const [row] = await db.update(supportMessages).set(values).where(eq(supportMessages.id, id)).returning();
  return row;
}

/** The messages a filter matches (for a bulk action), at most `limit`, oldest first. */
export function supportMessagesMatching(db: Db, filter: SupportMessageFilter, limit: number) {
  return db
    .select()
    .from(supportMessages)
    .where(supportWhere(filter))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(limit);
}

/** The messages of these ids (those that exist). */
export function supportMessagesByIds(db: Db, ids: readonly string[]) {
  return db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.id, [...ids]));
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

/** The rows the deletion requests list's filter narrows to (search by e-mail; state). */
function deletionWhere(filter: DeletionRequestFilter) {
  const filters: SQL[] = [];
  if (filter.q) filters.push(ilike(deletionRequests.email, likePattern(filter.q)));
  if (filter.state) filters.push(eq(deletionRequests.state, filter.state));
  return filters.length ? and(...filters) : undefined;
}

/** Every request a filter matches with its people, newest first, a batch at a time (the CSV export). */
export const eachDeletionRequest = (db: Db, filter: DeletionRequestFilter) =>
  newestInBatches<ListedDeletionRequest & { id: string; cursorAt: string }>(
    deletionRequests.createdAt,
    deletionRequests.id,
    ({ keys, after }) =>
      db
        .select({ ...withPeople, ...keys })
        .from(deletionRequests)
        .leftJoin(users, eq(users.id, deletionRequests.userId))
        .leftJoin(executor, eq(executor.id, deletionRequests.executedBy))
        .where(and(deletionWhere(filter), after)),
  );

const DELETION_ORDERS = sortOrders(
  {
    created: deletionRequests.createdAt,
    email: deletionRequests.email,
    state: deletionRequests.state,
  },
  deletionRequests.id,
);

export async function listDeletionRequests(db: Db, query: DeletionRequestListQuery) {
  const where = deletionWhere(query);
  const { field, direction } = orderOf(deletionRequestSorts, query.sort, query.direction);
  const selected = await db
    .select({ ...withPeople, total: totalRows })
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.userId))
    .leftJoin(executor, eq(executor.id, deletionRequests.executedBy))
    .where(where)
    .orderBy(...DELETION_ORDERS[`${field}_${direction}`])
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
export async function markUserRequestsExecuted(db: Db, userId: string, actorId: string | null) {
  await db
    .update(deletionRequests)
    .set({ state: "executed", executedBy: actorId, executedAt: sql`now()` })
    .where(and(eq(deletionRequests.userId, userId), eq(deletionRequests.state, "pending")));
}
