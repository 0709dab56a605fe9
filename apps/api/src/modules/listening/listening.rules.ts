/** The listening rules that need no database: when a play counts, the listener's day, streaks, mood lift. */
import type { Mood } from "@serene/contract";
import { isPaid } from "../entitlement/index.ts";
import { iso } from "../../lib/iso.ts";

export const SECOND = 1000;
const HOUR = 3_600 * SECOND;
export const DAY = 24 * HOUR;
/** A play counts at 60 s listened in total (or the whole file, when shorter). */
export const PLAY_SECONDS = 60;
/** Sessions with no report for this long are closed by the job. */
export const SILENT_SESSION_MS = 36 * HOUR;
/** Offline sessions may end this far after the server's now (a phone's clock runs a little ahead). */
export const CLOCK_SKEW_MS = 5 * 60 * SECOND;

/** A session's mood lift: happy ranks above sad and angry, which rank the same; null without both moods. */
export function moodLiftOf(before: Mood | null, after: Mood | null) {
  if (!before || !after) return null;
  const rank = (m: Mood) => (m === "happy" ? 1 : 0);
  const d = rank(after) - rank(before);
  return d > 0 ? ("improved" as const) : d < 0 ? ("worse" as const) : ("same" as const);
}

/** Paid content is locked for a listener not entitled at `at` (the entitlement rule at the service's clock). */
export const isLocked = (
  resource: { paymentType: "paid" | "free" },
  listener: { paidUntil: Date | null },
  at: Date,
) => resource.paymentType === "paid" && !isPaid(listener.paidUntil, at);

/** What must be listened for a play to count: 60 s, or the whole of a shorter file. */
export const playThreshold = (durationSeconds: number | null) =>
  durationSeconds !== null && durationSeconds > 0 ? Math.min(PLAY_SECONDS, durationSeconds) : PLAY_SECONDS;

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d).slice(0, 10);
}

/** The listener's day of an instant in `timeZone`, the day turning at 04:00 local time. */
export function listenerDay(at: Date, timeZone: string) {
  const shifted = new Date(at.getTime() - 4 * HOUR);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(shifted);
}

/** Current streak (up to today, or up to yesterday while today has no play yet) and longest, from sorted days. */
export function streaks(days: string[], today: string) {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = days.at(-1);
  const current = last === today || (last !== undefined && addDays(last, 1) === today) ? run : 0;
  return { current, longest };
}
