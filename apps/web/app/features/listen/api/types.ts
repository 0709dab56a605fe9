// The app API's shapes (shared/APP-API.md), as the listener app reads them: types only (zod stays
// out of the bundle). Part 1 comes from @serene/contract; part 2 (listening.ts, branch app-api-2)
// replaces the local ones below once merged.

export type Mood = "happy" | "sad" | "angry";
export const moods: readonly Mood[] = ["happy", "sad", "angry"];

export type {
  AppInterest,
  AppResource,
  AppResourceDetail,
  AppSession,
  Entitlement,
  Profile,
} from "@serene/contract";
import type { AppResource } from "@serene/contract";

export type HomeSectionKey = "continue" | "mood" | "interests" | "new" | "popular" | "free";
export interface HomeSection {
  key: HomeSectionKey;
  title: string;
  items: AppResource[];
}

export interface StartedSession {
  sessionId: string;
  stream: { url: string; expiresAt: string };
  startPosition: number;
  durationSeconds: number | null;
}

export interface ContinueItem {
  resource: AppResource;
  position: number;
  durationSeconds: number | null;
  updatedAt: string;
}

export interface HistoryItem {
  resource: AppResource;
  listenedSeconds: number;
  startedAt: string;
  finished: boolean;
}

export interface ListenerStats {
  totalMinutes: number;
  sessions: number;
  completions: number;
  currentStreak: number;
  longestStreak: number;
  days: { date: string; minutes: number }[];
  moodLift: { sessions: number; improved: number; same: number; worse: number };
}

export interface InboxMessage {
  _id: string;
  title: string;
  message: string;
  image: string | null;
  kind: "personal" | "broadcast";
  sentAt: string;
  read: boolean;
}

export interface OfflineSession {
  clientId: string;
  resourceId: string;
  startedAt: string;
  endedAt: string;
  position: number;
  listenedSeconds: number;
  moodBefore?: Mood;
  moodAfter?: Mood;
}

export interface SyncVerdict {
  clientId: string;
  accepted: boolean;
  reason?: string;
}

export interface AppMessage {
  _id: string;
  title: string;
  message: string;
  image: string | null;
  status: string;
}
