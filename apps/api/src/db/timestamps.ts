/**
 * Reads a `timestamp` or `timestamptz` as PostgreSQL writes it in its ISO date style:
 * `2026-11-29 06:18:47.54+00`, `… 11:48:47.540123+05:30`, `1890-01-01 00:00:00-00:01:15`; no
 * offset (a `timestamp` without time zone) is UTC, as drizzle reads it. Character by character,
 * without a regular expression: a list page reads a few dozen of them per request, and the
 * expression's captures were most of the cost (issue 36).
 */

import type { IsoInstant } from "../lib/iso.ts";

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
 * Where the date and time of a timestamp PostgreSQL wrote end (its offset's start, or its length
 * when it has none): `YYYY-MM-DD hh:mm:ss`, a year from 1000, and 1 to 6 digits of a second after
 * a dot if any; -1 when `text` is not one (`infinity`, BC, another date style).
 */
function timeEnd(text: string): number {
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") {
    return -1;
  }
  if (
    digits(text, 0, 4) < 1000 ||
    digits(text, 5, 7) < 0 ||
    digits(text, 8, 10) < 0 ||
    digits(text, 11, 13) < 0 ||
    digits(text, 14, 16) < 0 ||
    digits(text, 17, 19) < 0
  ) {
    return -1;
  }
  if (text[19] !== ".") return 19;
  let end = 20;
  while (end - 20 < 7 && digits(text, end, end + 1) >= 0) end++;
  const count = end - 20;
  return count === 0 || count > 6 ? -1 : end;
}

/**
 * The Date of a timestamp PostgreSQL wrote, as drizzle's `new Date(text)` reads it (milliseconds
 * kept, the rest of the microseconds dropped; an offset with seconds too, which new Date refuses),
 * without JavaScript's slow parser of free-form dates; null for what it does not read (`infinity`,
 * a year before 1000 or after 9999, BC, another date style): the caller falls back to drizzle's.
 */
export function parseTimestamp(text: string): Date | null {
  const end = timeEnd(text);
  if (end < 0) return null;
  const offset = end === text.length ? 0 : offsetSeconds(text, end);
  if (offset === null) return null;
  const utc = Date.UTC(
    digits(text, 0, 4),
    digits(text, 5, 7) - 1,
    digits(text, 8, 10),
    digits(text, 11, 13),
    digits(text, 14, 16),
    digits(text, 17, 19),
    end > 20 ? digits(text, 20, Math.min(end, 23)) * (end >= 23 ? 1 : end === 22 ? 10 : 100) : 0,
  );
  return new Date(utc - offset * 1000);
}

/**
 * The instant of a timestamp PostgreSQL wrote in UTC (a session in UTC writes `+00`; a timestamp
 * without time zone has no offset, and is UTC as drizzle reads it) as the API writes instants,
 * `2026-11-29T06:18:47.540Z`, straight from its text: what `iso(parseTimestamp(text))` gives,
 * without a Date between. A page of a list writes dozens; the Date and back were ~3% of the users
 * list's CPU per request (issue 36). Null for any other text: the caller reads it as a Date.
 */
export function isoOfTimestamp(text: string): IsoInstant | null {
  const end = timeEnd(text);
  if (end < 0 || (end !== text.length && !(text.length === end + 3 && text.endsWith("+00")))) return null;
  const ms =
    end >= 23
      ? text.slice(20, 23)
      : end === 22
        ? `${text.slice(20, 22)}0`
        : end === 21
          ? `${text[20]}00`
          : "000";
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z` as IsoInstant;
}
