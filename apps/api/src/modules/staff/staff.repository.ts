import { staffRoles } from "@serene/contract";
import { and, asc, inArray, sql } from "drizzle-orm";
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
