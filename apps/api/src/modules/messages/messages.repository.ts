import { and, count, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type After, cursorTime, keysetAfter } from "../../lib/paging.ts";
import { messageReads, userMessages, users } from "../../db/schema/index.ts";

export type NewUserMessage = typeof userMessages.$inferInsert;

export async function insertUserMessage(db: Db, values: NewUserMessage) {
  const [row] = await db.insert(userMessages).values(values).returning();
  return row!;
}

/** When the user joined (broadcasts from then on are theirs); undefined for an unknown user. */
export async function joinedAt(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: users.timeCreated }).from(users).where(eq(users.id, userId));
  return row?.at;
}

/** A listener's inbox: their own messages, and the broadcasts sent since they joined. */
const inboxOf = (userId: string, joinedAt: Date) =>
  or(
    eq(userMessages.userId, userId),
    and(
      isNull(userMessages.userId),
      eq(userMessages.kind, "broadcast"),
      gte(userMessages.createdAt, joinedAt),
    ),
  );

const readFlag = sql<boolean>`(${userMessages.readAt} is not null or ${messageReads.userId} is not null)`;

/** A page of the inbox, newest first, after the (createdAt, id) of the previous page's last row. */
export async function listInbox(db: Db, userId: string, joinedAt: Date, after: After, limit: number) {
  return db
    .select({ message: userMessages, read: readFlag, cursorAt: cursorTime(userMessages.createdAt) })
    .from(userMessages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, userMessages.id), eq(messageReads.userId, userId)))
    .where(and(inboxOf(userId, joinedAt), keysetAfter(userMessages.createdAt, userMessages.id, after)))
    .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
    .limit(limit);
}

export async function countUnread(db: Db, userId: string, joinedAt: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, userMessages.id), eq(messageReads.userId, userId)))
    .where(and(inboxOf(userId, joinedAt), sql`not ${readFlag}`));
  return row?.n ?? 0;
}

export async function findInboxMessage(db: Db, userId: string, joinedAt: Date, id: string) {
  const [row] = await db
    .select()
    .from(userMessages)
    .where(and(eq(userMessages.id, id), inboxOf(userId, joinedAt)));
  return row;
}

/** Marks a message read: a personal one on its row, a broadcast for this listener only. */
export async function markRead(db: Db, userId: string, message: typeof userMessages.$inferSelect) {
  if (message.userId === null) {
    await db.insert(messageReads).values({ userId, messageId: message.id }).onConflictDoNothing();
  } else {
    await db
      .update(userMessages)
      .set({ readAt: sql`coalesce(${userMessages.readAt}, now())` })
      .where(eq(userMessages.id, message.id));
  }
}

/**
 * Marks every message of a listener's inbox read at once: their personal messages on their rows,
 * the broadcasts since they joined for them only (answers nothing; a repeat changes nothing).
 */
export async function markAllRead(db: Db, userId: string, joinedAt: Date) {
  await db
    .update(userMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  await db.execute(sql`
    insert into ${messageReads} (user_id, message_id)
    select ${userId}, ${userMessages.id} from ${userMessages}
    where ${and(isNull(userMessages.userId), eq(userMessages.kind, "broadcast"), gte(userMessages.createdAt, joinedAt))}
    on conflict do nothing`);
}
