import {
  type ApproveResourceBody,
  contentStatsResponseSchema,
  type CreateResourceBody,
  type DeclineResourceBody,
  type MessageBody,
  okEnvelopeSchema,
  type ResourceBulkBody,
  resourceBulkResponseSchema,
  resourceHistoryResponseSchema,
  resourceResponseSchema,
  type UpdateResourceBody,
} from "@serene/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { getResource, listResources, type ResourceListParams } from "../../lib/shared-api";

// The back office's contents: writes, review, figures and history. The list and one content
// are read through lib/shared-api.ts, which the series' pickers share.

const resourcePath = (id: string) => `/user/resources/${encodeURIComponent(id)}`;

/** POST /user/resources (image and resourceUrl: URLs answered by the upload). */
export function createResource(body: CreateResourceBody) {
  return apiRequest("/user/resources", { method: "POST", body, schema: resourceResponseSchema });
}

/** PUT /user/resources/:id; image and resourceUrl only when replaced. Answers "{title} Updated Successfully". */
export function updateResource(id: string, body: UpdateResourceBody) {
  return apiRequest(resourcePath(id), { method: "PUT", body, schema: resourceResponseSchema });
}

/** POST /user/resources/delete: the content and its files. Answers "Content Deleted". */
export function deleteResource(id: string) {
  return apiRequest("/user/resources/delete", { method: "POST", body: { id }, schema: okEnvelopeSchema });
}

/** POST /user/resources/bulk: delete, publish or decline the contents picked, or all matching a filter. */
export function bulkResources(body: ResourceBulkBody) {
  return apiRequest("/user/resources/bulk", { method: "POST", body, schema: resourceBulkResponseSchema });
}

/** POST /user/resources/:id/approve: publishes content a host uploaded; its host is told (with the note, if any). */
export function approveResource(id: string, body: ApproveResourceBody = {}) {
  return apiRequest(`${resourcePath(id)}/approve`, { method: "POST", body, schema: resourceResponseSchema });
}

/** POST /user/resources/:id/decline: turns it down; its host gets the feedback and may send it again. */
export function declineResource(id: string, body: DeclineResourceBody) {
  return apiRequest(`${resourcePath(id)}/decline`, { method: "POST", body, schema: resourceResponseSchema });
}

/** POST /user/resources/:id/feedback: a message to the content's uploader. */
export function sendResourceFeedback(id: string, body: Pick<MessageBody, "message">) {
  return apiRequest(`${resourcePath(id)}/feedback`, { method: "POST", body, schema: okEnvelopeSchema });
}

/** GET /user/resources/:id/stats: a content's listening figures, from the listening sessions. */
export function getResourceStats(id: string, signal?: AbortSignal) {
  return apiRequest(`${resourcePath(id)}/stats`, { schema: contentStatsResponseSchema, signal });
}

/** GET /user/resources/:id/history: submissions, decisions and edits, oldest first. */
export const resourceHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.resources.all, "history", id],
    queryFn: ({ signal }) =>
      apiRequest(`${resourcePath(id)}/history`, { schema: resourceHistoryResponseSchema, signal }),
    select: (answer) => answer.data,
  });

/** One page of contents; the previous page stays on screen while the next one loads. */
export function useResourceList(params: ResourceListParams) {
  return useQuery({
    queryKey: queryKeys.resources.list(params),
    queryFn: ({ signal }) => listResources(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One content, every field. */
export function useResource(id: string) {
  return useQuery({
    queryKey: queryKeys.resources.one(id),
    queryFn: ({ signal }) => getResource(id, signal),
    select: (answer) => answer.data,
  });
}

/** One content's listening figures, asked for only while `id` is set (its window is open). */
export function useResourceStats(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.resources.all, "stats", id ?? ""],
    queryFn: ({ signal }) => getResourceStats(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}

const POLL_MS = 60_000;

/**
 * How many contents wait for review (the sidebar's and the dashboard's count), asked for again
 * every minute and after every catalogue write.
 */
export function usePendingReviewCount() {
  const params = { reviewState: "pending", limit: 1 } as const;
  return useQuery({
    queryKey: queryKeys.resources.list(params),
    queryFn: ({ signal }) => listResources(params, signal),
    select: (answer) => answer.meta.total,
    refetchInterval: POLL_MS,
    staleTime: 30_000,
  });
}
