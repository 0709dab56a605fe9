// The app API's shapes (shared/APP-API.md) as the listener app reads them: types only, from the
// contract (zod stays out of the bundle), plus the few the contract does not name.

export type Mood = "happy" | "sad" | "angry";
export const moods: readonly Mood[] = ["happy", "sad", "angry"];

export type {
  AppInterest,
  AppResource,
  AppResourceDetail,
  AppSeries,
  AppSeriesDetail,
  AppSession,
  ContinueItem,
  Entitlement,
  HistoryItem,
  InboxMessage,
  ListenerStats,
  Profile,
  RedeemPreview,
  Reminders,
  SessionSummary,
  SyncSession as OfflineSession,
  SyncVerdict,
  Today,
  TodayReason,
} from "@serene/contract";
import type { AppResource, AppSeries, HomeSectionKey } from "@serene/contract";

export interface HomeSection {
  key: HomeSectionKey;
  title: string;
  items: AppResource[];
  /** The `series` section: the series, each one's next item in `items` (same order). */
  series?: AppSeries[];
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
