import { beacon, listenRequest } from "../shared/request";
import type {
  AppMessage,
  AppResource,
  ContinueItem,
  HistoryItem,
  InboxMessage,
  ListenerStats,
  Mood,
  OfflineSession,
  SessionSummary,
  StartedSession,
  SyncVerdict,
} from "../shared/types";

type CursorMeta = { nextCursor: string | null };

export const startSession = (resourceId: string, body: { position?: number; moodBefore?: Mood }) =>
  listenRequest<StartedSession>(`/app/resources/${encodeURIComponent(resourceId)}/sessions`, {
    method: "POST",
    body,
  });

export interface ProgressReport {
  position: number;
  listenedSeconds: number;
  seq: number;
}
const progressPath = (sessionId: string) => `/app/sessions/${encodeURIComponent(sessionId)}/progress`;
export const reportProgress = (sessionId: string, report: ProgressReport) =>
  listenRequest<{ counted: boolean }>(progressPath(sessionId), { method: "POST", body: report });
/** The same report from a page going away (pagehide). */
export const beaconProgress = (sessionId: string, report: ProgressReport) =>
  beacon(progressPath(sessionId), report);
export const endListening = (sessionId: string, report: ProgressReport & { moodAfter?: Mood }) =>
  listenRequest<{ counted: boolean; finished: boolean; summary: SessionSummary }>(
    `/app/sessions/${encodeURIComponent(sessionId)}/end`,
    {
      method: "POST",
      body: report,
    },
  );
export const syncSessions = (sessions: OfflineSession[]) =>
  listenRequest<SyncVerdict[], object>("/app/sessions/sync", { method: "POST", body: { sessions } });

export const listContinue = (signal?: AbortSignal) =>
  listenRequest<ContinueItem[], CursorMeta>("/app/progress", { signal });
export const hideContinue = (resourceId: string) =>
  listenRequest<null>(`/app/progress/${encodeURIComponent(resourceId)}`, { method: "DELETE" });
export const listHistory = (cursor?: string, signal?: AbortSignal) =>
  listenRequest<HistoryItem[], CursorMeta>("/app/history", { query: { cursor }, signal });
export const listFavourites = (cursor?: string, signal?: AbortSignal) =>
  listenRequest<AppResource[], CursorMeta>("/app/favourites", { query: { cursor }, signal });
export const setFavourite = (resourceId: string, favourite: boolean) =>
  listenRequest<null>(`/app/favourites/${encodeURIComponent(resourceId)}`, {
    method: favourite ? "PUT" : "DELETE",
  });
export const getStats = (days: number, signal?: AbortSignal) =>
  listenRequest<ListenerStats>("/app/stats", { query: { days }, signal });
export const listMessages = (cursor?: string, signal?: AbortSignal) =>
  listenRequest<InboxMessage[], CursorMeta & { unread: number }>("/app/messages", {
    query: { cursor },
    signal,
  });
export const markMessageRead = (id: string) =>
  listenRequest<null>(`/app/messages/${encodeURIComponent(id)}/read`, { method: "POST" });
export const markAllMessagesRead = () => listenRequest<null>("/app/messages/read-all", { method: "POST" });
/** The app-wide message (the web shows no update notice: it is always the latest version). */
export const getAppConfig = (signal?: AbortSignal) =>
  listenRequest<{ message: AppMessage | null }>("/app/config", {
    query: { platform: "android", v_code: 0 },
    signal,
  });
