import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** A user's paid time; undefined when there is no such user. */
export async function findPaidUntil(db: Db, userId: string) {
  const [user] = await db.select({ paidUntil: users.paidUntil }).from(users).where(eq(users.id, userId));
  return user;
}
