import type { EndSessionBody, ProgressBody, StartSessionBody, SyncSession } from "@serene/contract";
import { catalogueEndpoints, listeningEndpoints } from "@serene/contract/endpoints";
import { queryOptions } from "@tanstack/react-query";
import { listenKeys } from "../shared/listen-query-client";
import { beacon, listenCall, listenList } from "../shared/request";

// A listening session (APP-API.md part 2): started, reported on, ended; offline ones synced later.

export const startSession = (resourceId: string, body: StartSessionBody) =>
  listenCall(listeningEndpoints.start, { params: { id: resourceId }, body });
export const reportProgress = (sessionId: string, report: ProgressBody) =>
  listenCall(listeningEndpoints.report, { params: { id: sessionId }, body: report });
/** The same report from a page going away (pagehide). */
export const beaconProgress = (sessionId: string, report: ProgressBody) =>
  beacon(listeningEndpoints.report, { params: { id: sessionId }, body: report });
export const endListening = (sessionId: string, report: EndSessionBody) =>
  listenCall(listeningEndpoints.end, { params: { id: sessionId }, body: report });
export const syncSessions = (sessions: SyncSession[]) =>
  listenList(listeningEndpoints.sync, { body: { sessions } });

/** A content's transcript (WebVTT or text), read as its audio is (paid: entitled listeners). */
export const transcriptQuery = (resourceId: string) =>
  queryOptions({
    queryKey: listenKeys.transcript(resourceId),
    queryFn: ({ signal }) =>
      listenCall(catalogueEndpoints.transcript, { params: { id: resourceId }, signal }),
    select: (answer) => answer.data,
    staleTime: 30 * 60_000,
  });
