import type { AppResource, SessionSummary } from "@serene/contract";

// What the player shows (its state), its settings, and what of it outlives a reload of the page.

/** The API wants a report every 15 s of listening (and on pause, seek and page hide). */
export const REPORT_EVERY_SECONDS = 15;
export const SKIP_SECONDS = 15;
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** A sleep timer lowers the volume over its last 10 seconds, then pauses. */
export const SLEEP_FADE_SECONDS = 10;
/** How often, while playing, the item and position are kept for after a reload. */
export const SAVE_EVERY_SECONDS = 5;

/** Where the player keeps what it holds (item, list, position) across a reload of the page. */
export const SAVED_PLAYER_KEY = "serene-player";
/** The mood questions are asked at most once per browsing session (sessionStorage). */
export const MOOD_ASKED_KEY = "serene-mood-asked";

export type Stage =
  | "idle" // nothing chosen
  | "loading" // chosen: it starts at once (the mood question, when asked, shows beside the playing audio)
  | "ready" // playing or paused
  | "mood-after" // the item ended: one tap on a mood (or skip) closes the session
  | "summary" // the session ended (finished or closed): what it added up to, and what could come next
  | "locked" // paid and not entitled
  | "error";

export type SleepTimer = { kind: "minutes"; endsAt: number } | { kind: "end-of-item" } | null;

export interface PlayerState {
  stage: Stage;
  item: AppResource | null;
  queue: AppResource[];
  playing: boolean;
  position: number;
  duration: number;
  rate: number;
  sleep: SleepTimer;
  offline: boolean;
  error: string | null;
  /** Whether the last report made this play count (the server's `counted`). */
  counted: boolean;
  expanded: boolean;
  /** The server's summary of the session that just ended (stage "summary"). */
  summary: SessionSummary | null;
  /** Whether that session reached the end (the server's `finished`); false when stopped part way. */
  finished: boolean;
  /** The mood question shows beside the playing audio (once per browsing session), until answered or dismissed. */
  askMoodBefore: boolean;
}

export const initial: PlayerState = {
  stage: "idle",
  item: null,
  queue: [],
  playing: false,
  position: 0,
  duration: 0,
  rate: 1,
  sleep: null,
  offline: false,
  error: null,
  counted: false,
  expanded: false,
  summary: null,
  finished: false,
  askMoodBefore: false,
};

interface SavedPlayer {
  item: AppResource;
  queue: AppResource[];
  position: number;
  duration: number;
  rate: number;
}

/** Keeps the item, its list and the position (or forgets them when the player is empty). */
export function savePlayer({ item, queue, position, duration, rate, stage }: PlayerState) {
  if (!item || stage === "idle" || stage === "summary") return localStorage.removeItem(SAVED_PLAYER_KEY);
  const saved: SavedPlayer = { item, queue, position, duration, rate };
  localStorage.setItem(SAVED_PLAYER_KEY, JSON.stringify(saved));
}

/** The player as the page left it: the same item at the same position, paused; null when none was kept. */
export function restoredPlayer(): PlayerState | null {
  let saved: SavedPlayer | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(SAVED_PLAYER_KEY) ?? "null") as SavedPlayer | null;
  } catch {
    saved = null;
  }
  if (!saved?.item?._id) return null;
  return {
    ...initial,
    item: saved.item,
    queue: Array.isArray(saved.queue) ? saved.queue : [],
    position: Number(saved.position) || 0,
    duration: Number(saved.duration) || 0,
    rate: Number(saved.rate) || 1,
    stage: saved.item.locked ? "locked" : "ready",
  };
}

/** Whether the mood question (`when`) may still be asked in this browsing session; asking uses it. */
export function askMood(when: "before" | "after"): boolean {
  const key = `${MOOD_ASKED_KEY}-${when}`;
  if (sessionStorage.getItem(key)) return false;
  sessionStorage.setItem(key, "1");
  return true;
}
