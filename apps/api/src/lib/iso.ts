const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

declare const isoInstant: unique symbol;
/**
 * An instant already written as the API writes it: a list row's timestamp read straight from its
 * text (db/timestamps.ts).
 */
export type IsoInstant = string & { readonly [isoInstant]: true };
/** An instant: a Date, or one already written as the API writes it. */
export type Instant = Date | IsoInstant;
/** A row whose timestamps may be read as instants already written (a list page's, db/client.ts listPage). */
export type Instants<Row> = {
  [K in keyof Row]: Row[K] extends Date ? Instant : Row[K] extends Date | null ? Instant | null : Row[K];
};

/**
 * An instant as the API writes it: ISO 8601 in UTC (`2026-11-29T12:06:44.109Z`), as `toISOString`
 * writes it, or null for none; one already written is answered as it is. Built here for years
 * 1000-9999: V8's toISOString is a call into C++ that costs ~0.7 µs, this ~0.25, and a page of rows
 * writes dozens (issue 36); other years, and an invalid date (a RangeError), are left to toISOString.
 */
export function iso(d: Instant): string;
export function iso(d: Instant | null | undefined): string | null;
export function iso(d: Instant | null | undefined): string | null {
  if (!d) return null;
  if (typeof d === "string") return d;
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString();
  return `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${three(d.getUTCMilliseconds())}Z`;
}
