import type { ReviewState } from "@serene/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type After, cursorTime, keysetAfter } from "../../lib/paging.ts";
import { interests, resources } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";

/** A host's own content, with the interest's name and the back office's latest feedback. */
const columns = {
  resource: resources,
  interestName: interests.name,
  feedback: sql<
    string | null
  >`(select m.body from user_messages m where m.resource_id = "resources"."id" and m.kind = 'feedback' order by m.created_at desc limit 1)`,
};

export type HostResourceRow = {
  resource: typeof resources.$inferSelect;
  interestName: string | null;
  feedback: string | null;
};

/** One page of a host's content, newest first, after the cursor; one row more than the limit. */
export async function listHostResources(
  db: Db,
  userId: string,
  query: {
    state?: ReviewState | undefined;
    limit: number;
    after: After;
  },
) {
  const filters: SQL[] = [eq(resources.userId, userId), notTrashed(resources)];
  if (query.state) filters.push(eq(resources.reviewState, query.state));
  return db
    .select({ ...columns, cursorAt: cursorTime(resources.timeCreated) })
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(...filters, keysetAfter(resources.timeCreated, resources.id, query.after)))
    .orderBy(desc(resources.timeCreated), desc(resources.id))
    .limit(query.limit + 1);
}

export async function findHostResource(db: Db, userId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(resources)
    .leftJoin(interests, eq(interests.id, resources.interestId))
    .where(and(eq(resources.id, id), eq(resources.userId, userId), notTrashed(resources)));
  return row;
}
