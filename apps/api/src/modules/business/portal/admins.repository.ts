/** A business's admins, their sign-in links and portal sessions (SQL only). */
import { and, asc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { businessAdmins, businesses, portalSessions, portalTokens } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";

export const sameEmail = (
  column: SQL | typeof businessAdmins.email | typeof portalSessions.email,
  email: string,
) => sql`lower(${column}) = lower(${email})`;

export async function isBusinessAdmin(db: Db, email: string, businessId: string) {
  const [row] = await db
    .select({ id: businessAdmins.id })
    .from(businessAdmins)
    .where(and(eq(businessAdmins.businessId, businessId), sameEmail(businessAdmins.email, email)));
  return Boolean(row);
}

export async function businessesOfAdmin(db: Db, email: string) {
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businessAdmins)
    .innerJoin(businesses, eq(businesses.id, businessAdmins.businessId))
    .where(sameEmail(businessAdmins.email, email))
    .orderBy(asc(businesses.name));
}

export async function insertPortalToken(db: Db, email: string, tokenHash: string, expiresAt: Date) {
  await db.insert(portalTokens).values({ email, tokenHash, expiresAt });
}

/** Uses a live, unused magic link: answers its address once, then never again. */
export async function consumePortalToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(portalTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(portalTokens.tokenHash, tokenHash),
        isNull(portalTokens.usedAt),
        gt(portalTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: portalTokens.email });
  return row?.email;
}

export async function insertPortalSession(db: Db, email: string, tokenHash: string, expiresAt: Date) {
  await db.insert(portalSessions).values({ email, tokenHash, expiresAt });
}

export async function findPortalSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: portalSessions.id, email: portalSessions.email })
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, sql`now()`)));
  return row;
}

export async function deletePortalSession(db: Db, tokenHash: string) {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, tokenHash));
}

/** Ends every portal session of an address that administers no business any more. */
export async function deleteSessionsOfFormerAdmin(tx: Db, email: string) {
  await tx
    .delete(portalSessions)
    .where(
      and(
        sameEmail(portalSessions.email, email),
        sql`not exists (select 1 from ${businessAdmins} where ${sameEmail(businessAdmins.email, email)})`,
      ),
    );
}

export async function markAdminSignedIn(db: Db, email: string) {
  await db
    .update(businessAdmins)
    .set({ lastSignInAt: sql`now()` })
    .where(sameEmail(businessAdmins.email, email));
}

export async function listAdmins(db: Db, businessId: string) {
  return db
    .select()
    .from(businessAdmins)
    .where(eq(businessAdmins.businessId, businessId))
    .orderBy(asc(businessAdmins.addedAt), asc(businessAdmins.id));
}

/** Adds an admin; false when the address is one already. */
export async function insertAdmin(db: Db, businessId: string, email: string) {
  const rows = await db
    .insert(businessAdmins)
    .values({ businessId, email })
    .onConflictDoNothing()
    .returning({ id: businessAdmins.id });
  return rows.length === 1;
}

/** Locks a business's admins (removals are taken one at a time, so the last one stays). */
export async function lockAdmins(tx: Db, businessId: string) {
  return tx
    .select({ email: businessAdmins.email })
    .from(businessAdmins)
    .where(eq(businessAdmins.businessId, businessId))
    .for("update");
}

export async function deleteAdmin(tx: Db, businessId: string, email: string) {
  await tx
    .delete(businessAdmins)
    .where(and(eq(businessAdmins.businessId, businessId), sameEmail(businessAdmins.email, email)));
}
