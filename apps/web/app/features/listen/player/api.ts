import type {
  EndSessionBody,
  endSessionResponseSchema,
  ProgressBody,
  progressResponseSchema,
  StartSessionBody,
  startSessionResponseSchema,
  SyncSession,
  syncResponseSchema,
  transcriptResponseSchema,
} from "@serene/contract";
import { queryOptions } from "@tanstack/react-query";
import { listenKeys } from "../shared/listen-query-client";
import { beacon, listenList, listenRequest } from "../shared/request";

// A listening session (APP-API.md part 2): started, reported on, ended; offline ones synced later.

export const startSession = (resourceId: string, body: StartSessionBody) =>
  listenRequest<typeof startSessionResponseSchema>(
    `/app/resources/${encodeURIComponent(resourceId)}/sessions`,
    {
      method: "POST",
      body,
    },
  );

const progressPath = (sessionId: string) => `/app/sessions/${encodeURIComponent(sessionId)}/progress`;
export const reportProgress = (sessionId: string, report: ProgressBody) =>
  listenRequest<typeof progressResponseSchema>(progressPath(sessionId), {
    method: "POST",
    body: report,
  });
/** The same report from a page going away (pagehide). */
export const beaconProgress = (sessionId: string, report: ProgressBody) =>
  beacon(progressPath(sessionId), report);
export const endListening = (sessionId: string, report: EndSessionBody) =>
  listenRequest<typeof endSessionResponseSchema>(`/app/sessions/${encodeURIComponent(sessionId)}/end`, {
    method: "POST",
    body: report,
  });
export const syncSessions = (sessions: SyncSession[]) =>
  listenList<typeof syncResponseSchema>("/app/sessions/sync", {
    method: "POST",
    body: { sessions },
  });

/** A content's transcript (WebVTT or text), read as its audio is (paid: entitled listeners). */
export const transcriptQuery = (resourceId: string) =>
  queryOptions({
    queryKey: listenKeys.transcript(resourceId),
    queryFn: ({ signal }) =>
      listenRequest<typeof transcriptResponseSchema>(
        `/app/resources/${encodeURIComponent(resourceId)}/transcript`,
        { signal },
      ),
    select: (answer) => answer.data,
    staleTime: 30 * 60_000,
  });
