import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { adminExists, clearTotp, addAccount, findUserByEmail, setPassword, setRole } from "../users/index.ts";
import { deleteUserSessions } from "./auth.repository.ts";

/**
 * Makes `email` an admin with `password` when no admin exists yet (first start).
 * Returns what it did, for the start-up log.
 */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<"created" | "promoted" | "exists"> {
  if (await adminExists(db)) return "exists";
  try {
    return await createOrPromoteAdmin(db, email, password);
  } catch (err) {
    // Instances starting together on one database: another one created it first.
    if (isUniqueViolation(err)) return "exists";
    throw err;
  }
}

/**
 * Creates the admin account, or gives an existing account the admin role and this password, with
 * two-factor sign-in off (npm run admin:create: the way back in).
 */
export async function createOrPromoteAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<"created" | "promoted"> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      // The way back in for an admin who lost their authenticator and recovery codes: two-factor
      // sign-in is off again (they turn it on anew from their profile).
      await setRole(tx, existing.id, "admin");
      await setPassword(tx, existing.id, passwordHash);
      await clearTotp(tx, existing.id);
      await deleteUserSessions(tx, existing.id);
    });
    return "promoted";
  }
  await addAccount(db, {
    email: email.toLowerCase(),
    username: email.split("@")[0] ?? "admin",
    role: "admin",
    passwordHash,
  });
  return "created";
}
