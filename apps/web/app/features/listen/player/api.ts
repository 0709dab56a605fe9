import type {
  EndSessionBody,
  endSessionResponseSchema,
  ProgressBody,
  progressResponseSchema,
  StartSessionBody,
  startSessionResponseSchema,
  SyncSession,
  syncResponseSchema,
} from "@serene/contract";
import { shapedBy } from "../../../lib/api-client";
import { beacon, listenList, listenRequest } from "../shared/request";

// A listening session (APP-API.md part 2): started, reported on, ended; offline ones synced later.

export const startSession = (resourceId: string, body: StartSessionBody) =>
  listenRequest(`/app/resources/${encodeURIComponent(resourceId)}/sessions`, {
    method: "POST",
    body,
    schema: shapedBy<typeof startSessionResponseSchema>(),
  });

const progressPath = (sessionId: string) => `/app/sessions/${encodeURIComponent(sessionId)}/progress`;
export const reportProgress = (sessionId: string, report: ProgressBody) =>
  listenRequest(progressPath(sessionId), {
    method: "POST",
    body: report,
    schema: shapedBy<typeof progressResponseSchema>(),
  });
/** The same report from a page going away (pagehide). */
export const beaconProgress = (sessionId: string, report: ProgressBody) =>
  beacon(progressPath(sessionId), report);
export const endListening = (sessionId: string, report: EndSessionBody) =>
  listenRequest(`/app/sessions/${encodeURIComponent(sessionId)}/end`, {
    method: "POST",
    body: report,
    schema: shapedBy<typeof endSessionResponseSchema>(),
  });
export const syncSessions = (sessions: SyncSession[]) =>
  listenList("/app/sessions/sync", {
    method: "POST",
    body: { sessions },
    schema: shapedBy<typeof syncResponseSchema>(),
  });
