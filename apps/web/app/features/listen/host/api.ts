import type {
  appUploadResponseSchema,
  CreateHostRequestBody,
  HostResourceBody,
  HostResourcePatch,
  hostRequestResponseSchema,
  hostResourceDetailResponseSchema,
  hostResourceListResponseSchema,
  hostResourceResponseSchema,
  hostResourceStatsResponseSchema,
  ownHostRequestResponseSchema,
  ReviewState,
} from "@serene/contract";
import { hostContentEndpoints } from "@serene/contract/endpoints";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { type Parsed, shapedBy } from "../../../lib/api-client";
import { sendFile, type UploadKind, type UploadSent } from "../../../lib/send-file";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { byCursor } from "../../../lib/cursor-list";
import { listenList, listenRequest } from "../shared/request";

// The host's side of the app (APP-API.md parts 1 and 4): the request to become a host, uploads,
// the host's own contents with their review, transcript, history and figures.

export type HostUpload = Parsed<typeof appUploadResponseSchema>["data"];

export const getOwnHostRequest = (signal?: AbortSignal) =>
  listenRequest<typeof ownHostRequestResponseSchema>("/user/host-request", { signal });
export const askToHost = (body: CreateHostRequestBody) =>
  listenRequest<typeof hostRequestResponseSchema>("/user/host-request", { method: "POST", body });

export const listHostContent = (state: ReviewState | undefined, cursor?: string, signal?: AbortSignal) =>
  listenList<typeof hostResourceListResponseSchema>("/app/host/resources", {
    query: { state, cursor },
    signal,
  });
export const getHostContent = (id: string, signal?: AbortSignal) =>
  listenRequest<typeof hostResourceDetailResponseSchema>(`/app/host/resources/${encodeURIComponent(id)}`, {
    signal,
  });
export const getHostStats = (id: string, signal?: AbortSignal) =>
  listenRequest<typeof hostResourceStatsResponseSchema>(
    `/app/host/resources/${encodeURIComponent(id)}/stats`,
    { signal },
  );
export const createHostContent = (body: HostResourceBody) =>
  listenRequest<typeof hostResourceResponseSchema>("/app/host/resources", { method: "POST", body });
/** Saves changes; a declined content changed is sent for review again (its resubmission). */
export const updateHostContent = (id: string, body: HostResourcePatch) =>
  listenRequest<typeof hostResourceResponseSchema>(`/app/host/resources/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body,
  });

/** POST /app/uploads?kind=…: a host's cover or audio, with the bytes sent as it goes. */
export const uploadAsHost = (
  file: File,
  kind: UploadKind,
  onProgress: (sent: UploadSent) => void,
  signal: AbortSignal,
) =>
  sendFile(
    {
      endpoint: hostContentEndpoints.upload,
      schema: shapedBy<typeof appUploadResponseSchema>(),
      asListener: true,
    },
    file,
    kind,
    onProgress,
    signal,
  );

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
