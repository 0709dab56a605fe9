// The app API's shapes (shared/APP-API.md) as the listener app reads them: types only, from the
// contract (zod stays out of the bundle), plus the few the contract does not name.

export type Mood = "happy" | "sad" | "angry";
export const moods: readonly Mood[] = ["happy", "sad", "angry"];

export type {
  AppInterest,
  AppResource,
  AppResourceDetail,
  AppSession,
  ContinueItem,
  Entitlement,
  HistoryItem,
  InboxMessage,
  ListenerStats,
  Profile,
  SyncSession as OfflineSession,
  SyncVerdict,
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

export interface AppMessage {
  _id: string;
  title: string;
  message: string;
  image: string | null;
  status: string;
}
