import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { seatHoldings } from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

/** Rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A listener took a seat: they hold it from now (inside the redeeming transaction). */
export async function startHolding(tx: Db, seatId: string, userId: string) {
  await tx.insert(seatHoldings).values({ seatId, userId, heldFrom: sql`now()` });
}

/** A seat was freed: whoever held it holds it no longer (the row stays, for past reports). */
export async function endHolding(tx: Db, seatId: string) {
  await tx
    .update(seatHoldings)
    .set({ heldUntil: sql`now()` })
    .where(and(eq(seatHoldings.seatId, seatId), isNull(seatHoldings.heldUntil)));
}

/**
 * The holdings of a business's seats, as they stood: each from its redemption until the seat
 * was freed or, still held, until the seat expires (a renewal moves that end forward).
 */
const holdingsOf = (businessId: string) => sql`(select h.user_id, h.held_from,
    coalesce(h.held_until, c.expires_at) as held_until
  from seat_holdings h
  join subscription_codes c on c.id = h.seat_id
  join business_purchases p on p.id = c.purchase_id
  where p.business_id = ${businessId} and h.user_id is not null)`;

export interface Holding {
  userId: string;
  from: string;
  until: string;
}

/** Who held a seat of the business between two instants, each holding cut to them. */
export async function holdingsWithin(db: Db, businessId: string, from: Date, until: Date) {
  const rows = rowsOf<{ user_id: string; held_from: string | Date; held_until: string | Date }>(
    await db.execute(sql`select h.user_id,
        greatest(h.held_from, ${iso(from)}::timestamptz) as held_from,
        least(h.held_until, ${iso(until)}::timestamptz) as held_until
      from ${holdingsOf(businessId)} h
      where h.held_from < ${iso(until)}::timestamptz
        and h.held_until > ${iso(from)}::timestamptz`),
  );
  return rows.map((r): Holding => ({
    userId: r.user_id,
    from: iso(new Date(r.held_from)),
    until: iso(new Date(r.held_until)),
  }));
}

/** How many of the business's seats were held (redeemed, not expired, not freed) at an instant. */
export async function seatsHeldAt(db: Db, businessId: string, at: Date) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${holdingsOf(businessId)} h
      where h.held_from <= ${iso(at)}::timestamptz and h.held_until > ${iso(at)}::timestamptz`),
  );
  return row?.n ?? 0;
}
