import { MAX_SYNC_SESSIONS } from "@serene/contract/listener";
import { ApiError } from "../../../lib/api-client";
import { syncSessions } from "./api";
import type { SessionSummary, SyncSession, Today } from "@serene/contract";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";

// Sessions listened with no network wait here until /app/sessions/sync takes them. Each has a
// client id, so sending one twice (a lost answer) counts it once.
const QUEUE_KEY = "serene-listen-offline-sessions";
const POSITIONS_KEY = "serene-listen-offline-positions";

function read<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(window.localStorage.getItem(key) ?? "null") as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export const queuedSessions = () => read<SyncSession[]>(QUEUE_KEY, []);

/** Adds or updates (same client id) a session listened offline. */
export function queueSession(session: SyncSession) {
  const others = queuedSessions().filter((s) => s.clientId !== session.clientId);
  window.localStorage.setItem(QUEUE_KEY, JSON.stringify([...others, session]));
  const positions = read<Record<string, number>>(POSITIONS_KEY, {});
  window.localStorage.setItem(
    POSITIONS_KEY,
    JSON.stringify({ ...positions, [session.resourceId]: session.position }),
  );
}

/** Where the listener stopped an item offline (the server's progress is out of reach). */
export const offlinePosition = (resourceId: string) =>
  read<Record<string, number>>(POSITIONS_KEY, {})[resourceId] ?? 0;

let sending: Promise<number> | null = null;

/** Sends the queued sessions; answers how many the server took. Quiet when still offline. */
export function sendQueuedSessions(): Promise<number> {
  // One call at a time; `finally` runs after the assignment, even when nothing is queued.
  sending ??= sendNow().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendNow(): Promise<number> {
  const queued = queuedSessions();
  if (queued.length === 0 || !navigator.onLine) return 0;
  try {
    const { items: verdicts } = await syncSessions(queued.slice(0, MAX_SYNC_SESSIONS));
    const answered = new Set(verdicts.map((verdict) => verdict.clientId));
    const left = queuedSessions().filter((s) => !answered.has(s.clientId));
    window.localStorage.setItem(QUEUE_KEY, JSON.stringify(left));
    return verdicts.filter((verdict) => verdict.accepted).length;
  } catch (error) {
    if (error instanceof ApiError) return 0;
    throw error;
  }
}

/**
 * A session listened offline, summed up on this device as it ends: its minutes, today's as last
 * read plus these, the streak as last read. Whether the streak grew and how the mood moved, the
 * server says once the queue is sent (the pages' figures are read again then).
 */
export function offlineSummary(
  listenedSeconds: number,
  position: number,
  duration: number,
): { summary: SessionSummary; finished: boolean } {
  const today = listenQueryClient.getQueryData<{ data: Today }>(listenKeys.today)?.data;
  const minutes = Math.floor(listenedSeconds / 60);
  return {
    summary: {
      minutes,
      minutesToday: (today?.minutesToday ?? 0) + minutes,
      streak: { current: today?.streak.current ?? 0, extended: false },
      moodLift: null,
      nextInSeries: null,
    },
    finished: duration > 0 && position >= duration - 1,
  };
}
