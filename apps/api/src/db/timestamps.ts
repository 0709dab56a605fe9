/**
 * Reads a `timestamp` or `timestamptz` as PostgreSQL writes it in its ISO date style:
 * `2026-11-29 06:18:47.54+00`, `… 11:48:47.540123+05:30`, `1890-01-01 00:00:00-00:01:15`; no
 * offset (a `timestamp` without time zone) is UTC, as drizzle reads it. Character by character,
 * without a regular expression: a list page reads a few dozen of them per request, and the
 * expression's captures were most of the cost (issue 36).
 */

const ZERO = 48; // "0"

/** The number the digits of `text` from `start` to `end` write; -1 when one is not a digit (or missing). */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Seconds of an offset `+hh`, `+hh:mm` or `+hh:mm:ss` from `start` (its sign) to the end of `text`; null if it is not one. */
function offsetSeconds(text: string, start: number): number | null {
  const sign = text[start] === "-" ? -1 : text[start] === "+" ? 1 : 0;
  const length = text.length - start;
  if (!sign || (length !== 3 && length !== 6 && length !== 9)) return null;
  let seconds = 0;
  for (let i = start + 1, unit = 3600; i < text.length; i += 3, unit /= 60) {
    if (i > start + 1 && text[i - 1] !== ":") return null;
    const n = digits(text, i, i + 2);
    if (n < 0) return null;
    seconds += n * unit;
  }
  return sign * seconds;
}

/**
 * The Date of a timestamp PostgreSQL wrote, as drizzle's `new Date(text)` reads it (milliseconds
 * kept, the rest of the microseconds dropped; an offset with seconds too, which new Date refuses),
 * without JavaScript's slow parser of free-form dates; null for what it does not read (`infinity`,
 * a year before 1000 or after 9999, BC, another date style): the caller falls back to drizzle's.
 */
export function parseTimestamp(text: string): Date | null {
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") {
    return null;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  let end = 19;
  let ms = 0;
  if (text[end] === ".") {
    // 1 to 6 digits of a second: the first three are the milliseconds.
    while (end - 19 < 7 && digits(text, end + 1, end + 2) >= 0) end++;
    const count = end - 19;
    if (count === 0 || count > 6) return null;
    ms = digits(text, 20, 20 + Math.min(count, 3)) * (count >= 3 ? 1 : count === 2 ? 10 : 100);
    end++;
  }
  const offset = end === text.length ? 0 : offsetSeconds(text, end);
  if (offset === null) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 1000);
}
