import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { interests, resources } from "../db/schema/index.ts";

/** An interest, placed after the others unless told. */
export async function buildInterest(db: Db, values: Partial<typeof interests.$inferInsert> = {}) {
  const [row] = await db
    .insert(interests)
    .values({ name: `Interest ${randomBytes(4).toString("hex")}`, position: 100, ...values })
    .returning();
  return row!;
}

/** A published, free resource unless told otherwise. */
export async function buildResource(db: Db, values: Partial<typeof resources.$inferInsert> = {}) {
  const [row] = await db
    .insert(resources)
    .values({
      title: `Content ${randomBytes(4).toString("hex")}`,
      mood: "happy",
      reviewState: "published",
      paymentType: "free",
      duration: "5:00",
      durationSeconds: 300,
      ...values,
    })
    .returning();
  return row!;
}
