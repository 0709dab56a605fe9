import type {
  CreateHostRequestBody,
  HostResourceBody,
  HostResourcePatch,
  ReplyOf,
  ReviewState,
} from "@serene/contract";
import { hostContentEndpoints, hostsEndpoints } from "@serene/contract/endpoints";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { sendFile, type UploadKind, type UploadSent } from "../../../lib/send-file";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { byCursor } from "../../../lib/cursor-list";
import { listenCall, listenList } from "../shared/request";

// The host's side of the app (APP-API.md parts 1 and 4): the request to become a host, uploads,
// the host's own contents with their review, transcript, history and figures.

export type HostUpload = ReplyOf<typeof hostContentEndpoints.upload>["data"];

export const getOwnHostRequest = (signal?: AbortSignal) => listenCall(hostsEndpoints.ownRequest, { signal });
export const askToHost = (body: CreateHostRequestBody) => listenCall(hostsEndpoints.request, { body });

export const listHostContent = (state: ReviewState | undefined, cursor?: string, signal?: AbortSignal) =>
  listenList(hostContentEndpoints.list, { query: { state, cursor }, signal });
export const getHostContent = (id: string, signal?: AbortSignal) =>
  listenCall(hostContentEndpoints.get, { params: { id }, signal });
export const getHostStats = (id: string, signal?: AbortSignal) =>
  listenCall(hostContentEndpoints.stats, { params: { id }, signal });
export const createHostContent = (body: HostResourceBody) =>
  listenCall(hostContentEndpoints.create, { body });
/** Saves changes; a declined content changed is sent for review again (its resubmission). */
export const updateHostContent = (id: string, body: HostResourcePatch) =>
  listenCall(hostContentEndpoints.update, { params: { id }, body });
export const withdrawHostContent = (id: string) =>
  listenCall(hostContentEndpoints.withdraw, { params: { id } });

/** POST /app/uploads?kind=…: a host's cover or audio, with the bytes sent as it goes. */
export const uploadAsHost = (
  file: File,
  kind: UploadKind,
  onProgress: (sent: UploadSent) => void,
  signal: AbortSignal,
) => sendFile({ endpoint: hostContentEndpoints.upload, asListener: true }, file, kind, onProgress, signal);

export const ownHostRequestQuery = queryOptions({
  queryKey: listenKeys.hostRequest,
  queryFn: ({ signal }) => getOwnHostRequest(signal),
  select: (answer) => answer.data,
});

export const hostContentQuery = (state: ReviewState | undefined) =>
  infiniteQueryOptions({
    queryKey: listenKeys.hostContent(state ?? "all"),
    queryFn: ({ signal, pageParam }) => listHostContent(state, pageParam, signal),
    ...byCursor,
  });

export const hostResourceQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.hostResource(id),
    queryFn: ({ signal }) => getHostContent(id, signal),
    select: (answer) => answer.data,
  });

export const hostStatsQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.hostStats(id),
    queryFn: ({ signal }) => getHostStats(id, signal),
    select: (answer) => answer.data,
  });

export const useOwnHostRequest = () => useQuery(ownHostRequestQuery);
export const useHostResource = (id: string) => useQuery(hostResourceQuery(id));
export const useHostStats = (id: string, published: boolean) =>
  useQuery({ ...hostStatsQuery(id), enabled: published });

/** After a write: the host's lists, items and figures are read again. */
export const refreshHostContent = () => listenQueryClient.invalidateQueries({ queryKey: listenKeys.hostAll });
