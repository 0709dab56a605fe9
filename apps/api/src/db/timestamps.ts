/**
 * A `timestamp` or `timestamptz` as PostgreSQL writes it in its ISO date style:
 * `2026-11-29 06:18:47.54+00`, `… 11:48:47.540123+05:30`, `1890-01-01 00:00:00-00:01:15`; no
 * offset (a `timestamp` without time zone) is UTC, as drizzle reads it.
 */
const PG_TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?)?$/;

/**
 * The Date of a timestamp PostgreSQL wrote, as drizzle's `new Date(text)` reads it (milliseconds
 * kept, the rest of the microseconds dropped; an offset with seconds too, which new Date refuses),
 * without JavaScript's slow parser of free-form dates; null for what it does not read (`infinity`,
 * a year before 1000 or after 9999, BC, another date style): the caller falls back to drizzle's.
 */
export function parseTimestamp(text: string): Date | null {
  const m = PG_TIMESTAMP.exec(text);
  if (!m || m[1]! < "1000") return null;
  const [, year, month, day, hour, minute, second, fraction = "", sign, oh = "0", om = "0", os = "0"] = m;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, "0").slice(0, 3)),
  );
  const offset = sign ? (sign === "-" ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os)) : 0;
  return new Date(utc - offset * 1000);
}
