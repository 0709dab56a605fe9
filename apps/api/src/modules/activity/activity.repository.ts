import {
  type ActivityAction,
  type ActivityFilter,
  type ActivityQuery,
  type ActivitySortField,
  activitySorts,
  orderOf,
} from "@serene/contract";
import { and, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { inBatches, pageOf, sortOrders, totalRows } from "../../lib/paging.ts";
import { activityLog, users } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

/**
 * Who did something: the signed-in user behind a write (a request's `auth`), and the address of
 * the request's client; null in scheduled work.
 */
export interface Actor {
  userId: string;
  email: string;
  ip: string | null;
}

/** Someone not signed in (a public form, a failed sign-in): only the address the request came from. */
export interface Visitor {
  ip: string | null;
}

/** A record's fields as a write found them and as it left them (rows or plain objects). */
export interface Change {
  before?: object | null;
  after?: object | null;
}

/**
 * The one redaction list: a field whose name matches is never written to the log, only that it
 * changed. Passwords, their hashes, every token and secret, redeemable codes.
 */
const SECRET_FIELD = /password|hash|token|secret|recovery|^codes?$/i;
const REDACTED = "[redacted]";

/** A value as JSON keeps it (dates as ISO strings), or the redaction mark. */
function logged(field: string, value: unknown): unknown {
  if (SECRET_FIELD.test(field)) return REDACTED;
  return value instanceof Date ? iso(value) : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields before and after a write, secrets redacted: for an edit, only the fields it changed;
 * a creation has no before, a deletion no after.
 */
export function changedFields({ before, after }: Change) {
  const was = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const fields = Object.keys(before && after ? { ...was, ...now } : before ? was : now).filter(
    (field) => !(before && after) || !same(was[field], now[field]),
  );
  const pick = (row: Record<string, unknown>) =>
    Object.fromEntries(fields.map((field) => [field, logged(field, row[field]) ?? null]));
  return { before: before ? pick(was) : null, after: after ? pick(now) : null };
}

/**
 * Records a write or an event for the Activity Log and the Feed: who, what, which record, when,
 * from which address (the request's client, which the actor or visitor brings; none in scheduled
 * work), and the fields before and after.
 */
export async function recordActivity(
  db: Db,
  actor: Actor | Visitor | null,
  action: ActivityAction,
  entityType: string,
  entityId: string | null,
  details?: Record<string, unknown>,
  change?: Change,
) {
  await db.insert(activityLog).values({
    actorId: actor && "userId" in actor ? actor.userId : null,
    actorEmail: actor && "email" in actor ? actor.email : null,
    action,
    entityType,
    entityId,
    details,
    ip: actor?.ip ?? null,
    ...(change ? changedFields(change) : {}),
  });
}

function matching(filter: ActivityFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.entityType) filters.push(eq(activityLog.entityType, filter.entityType));
  if (filter.action) filters.push(eq(activityLog.action, filter.action));
  if (filter.actor) filters.push(eq(activityLog.actorId, filter.actor));
  if (filter.entityId) filters.push(eq(activityLog.entityId, filter.entityId));
  if (filter.from) filters.push(gte(activityLog.createdAt, new Date(filter.from)));
  if (filter.to) filters.push(lt(activityLog.createdAt, new Date(filter.to)));
  return filters.length ? and(...filters) : undefined;
}

const ACTIVITY_ORDERS = sortOrders<ActivitySortField>(
  {
    time: activityLog.createdAt,
    who: sql`lower(${activityLog.actorEmail})`,
    action: activityLog.action,
    record: activityLog.entityType,
  },
  activityLog.id,
);

export async function listActivity(db: Db, query: ActivityQuery) {
  const { field, direction } = orderOf(activitySorts, query.sort, query.direction);
  const selected = await db
    .select({ ...getTableColumns(activityLog), total: totalRows })
    .from(activityLog)
    .where(matching(query))
    .orderBy(...ACTIVITY_ORDERS[`${field}_${direction}`])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}

/**
 * Every entry the filter matches, the latest recorded first, in batches (keyset on the id, which
 * grows as entries are recorded): an export of any size holds one batch in memory.
 */
export const eachActivity = (db: Db, filter: ActivityFilter) =>
  inBatches<typeof activityLog.$inferSelect>((last, limit) =>
    db
      .select()
      .from(activityLog)
      .where(and(matching(filter), last ? lt(activityLog.id, last.id) : undefined))
      .orderBy(desc(activityLog.id))
      .limit(limit),
  );

/** The entries of one record with these actions, oldest first, with the actor's name. */
export async function recordHistory(db: Db, entityType: string, entityId: string, actions: ActivityAction[]) {
  return db
    .select({ entry: activityLog, actorName: users.username })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(
      and(
        eq(activityLog.entityType, entityType),
        eq(activityLog.entityId, entityId),
        inArray(activityLog.action, actions),
      ),
    )
    .orderBy(activityLog.id);
}
