import {
  monthIndex,
  type Report,
  REPORT_FIELDS,
  REPORT_MIN_LISTENERS,
  type ReportQuery,
} from "@serene/contract";
import type { Db } from "../../../db/client.ts";
import { badRequest } from "../../../lib/errors.ts";
import { holdingsWithin, seatsHeldAt } from "../holdings.repository.ts";
import { iso } from "../../../lib/iso.ts";

// The anonymised report (BUSINESS-API.md): whole ended months, counted on the seat, nothing below 10.

/** A stretch in which one listener's listening counts: while they held a seat (ISO instants). */
export interface Stretch {
  userId: string;
  from: string;
  until: string;
}

/** How listeners used Serene within their stretches, in aggregate (the listening module answers it). */
export interface Engagement {
  listeners: number;
  seconds: number;
  sessions: number;
  monthly: { month: string; listeners: number }[];
  weekly: { weekStart: string; listeners: number; seconds: number }[];
  interests: { name: string; listeners: number; seconds: number }[];
  mood: { listeners: number; sessions: number; improved: number; worse: number };
}

export interface ReportDeps {
  db: Db;
  engagement: (stretches: Stretch[]) => Promise<Engagement>;
  now: () => Date;
}

const DAY = 24 * 3600_000;
const TOP_INTERESTS = 5;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
const monthStart = (index: number) => {
  const date = new Date(0);
  date.setUTCFullYear(Math.floor(index / 12), index % 12, 1);
  return date;
};
const dayOf = (date: Date) => iso(date).slice(0, 10);

/** The months a query names, checked against today: only months that have ended. */
export function reportMonths(query: ReportQuery, now: Date) {
  const field = query.month !== undefined ? "month" : "to";
  const first = monthIndex(query.month ?? query.from!);
  const last = monthIndex(query.month ?? query.to!);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (last >= current)
    throw badRequest(
      `A report covers months that have ended: ${monthOf(last)} has not (choose ${monthOf(current - 1)} or earlier)`,
      field,
    );
  return Array.from({ length: last - first + 1 }, (_v, i) => monthOf(first + i));
}

/** The complete ISO weeks (Monday to Sunday) inside [start, end). */
function completeWeeks(start: Date, end: Date) {
  const monday = new Date(start.getTime() + ((8 - start.getUTCDay()) % 7) * DAY);
  const weeks: string[] = [];
  for (let day = monday; day.getTime() + 7 * DAY <= end.getTime(); day = new Date(day.getTime() + 7 * DAY))
    weeks.push(dayOf(day));
  return weeks;
}

/** Counts to the nearest 5, minutes to the nearest 10, shares to whole 5 %. */
export const roundCount = (n: number) => Math.round(n / 5) * 5;
export const roundMinutes = (seconds: number) => Math.round(seconds / 600) * 10;
const roundShare = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 20) / 20 : 0);
const enough = (listeners: number) => listeners >= REPORT_MIN_LISTENERS;

/**
 * The report of the months from the engagement counted on the seat: every figure resting on
 * fewer than 10 listeners withheld (null, named in `suppressed`). The range's own figures show
 * only when every one of its months has 10 active listeners, so no two reports differ by one
 * person's month; a week shows when 10 listened in it; an interest when 10 heard it; the mood
 * lift when 10 recorded their mood.
 */
export function anonymisedReport(months: string[], redeemed: number, e: Engagement): Report {
  const start = monthStart(monthIndex(months[0]!));
  const end = monthStart(monthIndex(months.at(-1)!) + 1);
  const monthly = new Map(e.monthly.map((m) => [m.month, m.listeners]));
  const active = enough(e.listeners) && months.every((m) => enough(monthly.get(m) ?? 0));
  const weeks = new Map(e.weekly.map((w) => [w.weekStart, w]));
  const weekly = completeWeeks(start, end).map((weekStart) => {
    const week = weeks.get(weekStart);
    return week && enough(week.listeners)
      ? { weekStart, activeListeners: roundCount(week.listeners), minutes: roundMinutes(week.seconds) }
      : { weekStart, activeListeners: null, minutes: null };
  });
  const interests = e.interests.filter((i) => enough(i.listeners));
  const moodShown = active && enough(e.mood.listeners);
  const { sessions: moodSessions, improved, worse } = e.mood;
  const shown: Record<(typeof REPORT_FIELDS)[number], boolean> = {
    activeListeners: active,
    minutes: active,
    sessions: active,
    weekly: weekly.every((w) => w.activeListeners !== null),
    topInterests: active && interests.length === e.interests.length,
    moodLift: moodShown,
  };
  return {
    from: dayOf(start),
    to: dayOf(new Date(end.getTime() - DAY)),
    redeemed,
    activeListeners: active ? roundCount(e.listeners) : null,
    minutes: active ? roundMinutes(e.seconds) : null,
    sessions: active ? roundCount(e.sessions) : null,
    weekly,
    topInterests: active
      ? interests
          .slice(0, TOP_INTERESTS)
          .map((i) => ({ name: i.name, share: roundShare(i.seconds, e.seconds) }))
      : null,
    moodLift: moodShown
      ? {
          sessions: roundCount(moodSessions),
          improved: roundShare(improved, moodSessions),
          same: roundShare(moodSessions - improved - worse, moodSessions),
          worse: roundShare(worse, moodSessions),
        }
      : null,
    suppressed: REPORT_FIELDS.filter((field) => !shown[field]),
  };
}

/** A business's report for the months asked (400 naming the field for a month not yet ended). */
export async function businessReport(deps: ReportDeps, businessId: string, query: ReportQuery) {
  const months = reportMonths(query, deps.now());
  const start = monthStart(monthIndex(months[0]!));
  const end = monthStart(monthIndex(months.at(-1)!) + 1);
  const [stretches, redeemed] = await Promise.all([
    holdingsWithin(deps.db, businessId, start, end),
    seatsHeldAt(deps.db, businessId, end),
  ]);
  return anonymisedReport(months, redeemed, await deps.engagement(stretches));
}
