import { staffRoles } from "@serene/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { notTrashed } from "../../db/trash.ts";

/** The back office's accounts (admins and editors: a handful), admins first. */
export function listStaff(db: Db) {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...staffRoles]), notTrashed(users)))
    .orderBy(asc(users.role), asc(sql`lower(${users.email})`), asc(users.id));
}

/**
 * The admins' ids, their rows locked until the transaction ends: two admins taking each other's
 * role at the same moment wait for one another, so the last admin always stays.
 */
export async function lockAdmins(tx: Db) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), notTrashed(users)))
    .for("update");
  return rows.map((r) => r.id);
}
