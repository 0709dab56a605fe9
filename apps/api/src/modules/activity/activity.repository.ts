import { and, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pageOf, totalRows } from "../../lib/paging.ts";
import { activityLog } from "../../db/schema/index.ts";

/** Who did something: the signed-in user behind an admin write. */
export interface Actor {
  userId: string;
  email: string;
}

/** Records an admin write (who, what, which record, when) for the Activity Log and the Feed. */
export async function recordActivity(
  db: Db,
  actor: Actor | null,
  action: string,
  entityType: string,
  entityId: string | null,
  details?: Record<string, unknown>,
) {
  await db.insert(activityLog).values({
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action,
    entityType,
    entityId,
    details,
  });
}

export async function listActivity(
  db: Db,
  query: { page: number; limit: number; entityType?: string; action?: string; actor?: string },
) {
  const filters: SQL[] = [];
  if (query.entityType) filters.push(eq(activityLog.entityType, query.entityType));
  if (query.action) filters.push(eq(activityLog.action, query.action));
  if (query.actor) filters.push(eq(activityLog.actorId, query.actor));
  const where = filters.length ? and(...filters) : undefined;
  const selected = await db
    .select({ ...getTableColumns(activityLog), total: totalRows })
    .from(activityLog)
    .where(where)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageOf(selected);
}
