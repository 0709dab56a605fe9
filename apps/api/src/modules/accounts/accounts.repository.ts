import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountTokens, sessions, userInterests } from "../../db/schema/index.ts";

export type TokenPurpose = "verify_email" | "password_reset" | "delete_account";

export async function insertAccountToken(db: Db, values: typeof accountTokens.$inferInsert) {
  const [row] = await db.insert(accountTokens).values(values).returning();
  return row!;
}

/** Uses a live token once: answers its row only for the call that used it. */
export async function consumeToken(db: Db, purpose: TokenPurpose, tokenHash: string) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.tokenHash, tokenHash),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Uses a live password-reset code of an address once. */
export async function consumeResetCode(db: Db, codeHash: string) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.purpose, "password_reset"),
        eq(accountTokens.codeHash, codeHash),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Ends every unused token of a user for one purpose (a newer one replaces them, or it is done). */
export async function retireTokens(db: Db, userId: string, purpose: TokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

export async function listUserSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id));
}

export async function setUserInterests(db: Db, userId: string, interestIds: string[]) {
  await db.delete(userInterests).where(eq(userInterests.userId, userId));
  if (interestIds.length)
    await db
      .insert(userInterests)
      .values([...new Set(interestIds)].map((interestId) => ({ userId, interestId })));
}
