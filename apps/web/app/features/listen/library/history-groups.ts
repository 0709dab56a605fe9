import type { AppResource, HistoryItem } from "@serene/contract";

/** One item's listening on one local day: its sessions added up. */
export interface HistoryGroup {
  resource: AppResource;
  /** The local day, YYYY-MM-DD. */
  day: string;
  /** The latest session's start (the list is newest first). */
  startedAt: string;
  sessions: number;
  listenedSeconds: number;
  finished: boolean;
}

/** YYYY-MM-DD of an instant in this device's time zone. */
export const localDay = (iso: string) => new Date(iso).toLocaleDateString("en-CA");

/**
 * History as the listener reads it: one line per item and local day with the total listened,
 * newest first (the API lists each session; a page break never splits a group, as all loaded
 * pages are grouped together).
 */
export function groupHistory(items: HistoryItem[]): HistoryGroup[] {
  const groups = new Map<string, HistoryGroup>();
  for (const h of items) {
    const day = localDay(h.startedAt);
    const key = `${h.resource._id} ${day}`;
    const group = groups.get(key);
    if (group) {
      group.sessions += 1;
      group.listenedSeconds += h.listenedSeconds;
      group.finished ||= h.finished;
    } else
      groups.set(key, {
        resource: h.resource,
        day,
        startedAt: h.startedAt,
        sessions: 1,
        listenedSeconds: h.listenedSeconds,
        finished: h.finished,
      });
  }
  return [...groups.values()];
}

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" });

/** "Today", "Yesterday", "Monday, March 4". */
export function dayWords(day: string, now = new Date()): string {
  if (day === localDay(now.toISOString())) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === localDay(yesterday.toISOString())) return "Yesterday";
  const [year, month, date] = day.split("-").map(Number);
  return dayFormat.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}
