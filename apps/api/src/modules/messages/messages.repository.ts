import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userMessages } from "../../db/schema/index.ts";

export type NewUserMessage = typeof userMessages.$inferInsert;

export async function insertUserMessage(db: Db, values: NewUserMessage) {
  const [row] = await db.insert(userMessages).values(values).returning();
  return row!;
}

/** A user's inbox: their own messages and every broadcast, newest first. */
export async function listInbox(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(userMessages)
    .where(
      or(
        eq(userMessages.userId, userId),
        and(isNull(userMessages.userId), eq(userMessages.kind, "broadcast")),
      ),
    )
    .orderBy(desc(userMessages.createdAt))
    .limit(limit);
}
