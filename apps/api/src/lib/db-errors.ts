/** True when a query failed on a unique constraint (PostgreSQL 23505), however the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/**
 * The row a failed foreign key pointed at (PostgreSQL 23503 on insert or update: "Key
 * (user_id)=(…) is not present in table "users"."), however the driver wrapped it.
 */
export function missingReference(err: unknown): { table: string; key: string } | null {
  for (
    let e = err as { code?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code !== "23503") continue;
    const found = /^Key \([^)]+\)=\((.*)\) is not present in table "([^"]+)"/.exec(e.detail ?? "");
    return found ? { key: found[1]!, table: found[2]! } : null;
  }
  return null;
}
