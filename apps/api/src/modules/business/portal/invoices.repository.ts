/** Invoices and their gapless numbers (SQL only). */
import { and, desc, eq, sql } from "drizzle-orm";
import { invoiceCounters, invoices } from "../../../db/schema/index.ts";
import type { Db } from "../../../db/client.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

/** The next number of `year`, taken under the counter row's lock: numbers have no gaps. */
export async function nextInvoiceNumber(tx: Db, year: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `SER-${year}-${String(row!.last).padStart(6, "0")}`;
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listInvoices(db: Db, businessId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.businessId, businessId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(500);
}

export async function findInvoice(db: Db, businessId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), eq(invoices.id, invoiceId)));
  return row;
}
