// The app API's shapes (shared/APP-API.md), as the listener app reads them. The API branches add
// the same shapes to @serene/contract (app.ts, listening.ts); once merged these become re-exports.

export type Mood = "happy" | "sad" | "angry";
export const moods: readonly Mood[] = ["happy", "sad", "angry"];

export interface AppInterest {
  _id: string;
  name: string;
  icon: string | null;
  position: number;
  count: number;
}

export interface AppResource {
  _id: string;
  title: string;
  image: string | null;
  duration: string;
  durationSeconds: number | null;
  moodType: Mood;
  interest: { _id: string; name: string } | null;
  paymentType: "paid" | "free";
  locked: boolean;
  no_plays: number;
  time_created: string;
}

export interface AppResourceDetail extends AppResource {
  description: string;
}

export interface Entitlement {
  paid: boolean;
  paidUntil: string | null;
  daysLeft: number;
  source: { purchaseId: string; businessName: string } | null;
}

export interface Profile {
  _id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  lastName: string | null;
  image: string | null;
  mood: Mood | null;
  interests: AppInterest[];
  experience: string | null;
  timeZone: string | null;
  user_role: string;
  entitlement: Entitlement;
}

export interface AppSession {
  _id: string;
  platform: string | null;
  appVersion: string | null;
  deviceName: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

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
