import type {
  ApproveResourceBody,
  CreateResourceBody,
  DeclineResourceBody,
  MessageBody,
  ResourceBulkBody,
  UpdateResourceBody,
} from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { getResource, listResources, type ResourceListParams } from "../../lib/shared-api";

// The back office's contents: writes, review, figures and history. The list and one content
// are read through lib/shared-api.ts, which the series' pickers share.

/** Image and resourceUrl: URLs answered by the upload. */
export function createResource(body: CreateResourceBody) {
  return callEndpoint(endpoints.resources.create, { body });
}

/** Image and resourceUrl only when replaced. Answers "{title} Updated Successfully". */
export function updateResource(id: string, body: UpdateResourceBody) {
  return callEndpoint(endpoints.resources.update, { params: { id }, body });
}

/** The content and its files. Answers "Content Deleted". */
export function deleteResource(id: string) {
  return callEndpoint(endpoints.resources.remove, { body: { id } });
}

/** Deletes, publishes or declines the contents picked, or all matching a filter. */
export function bulkResources(body: ResourceBulkBody) {
  return callEndpoint(endpoints.resources.bulk, { body });
}

/** Publishes content a host uploaded; its host is told (with the note, if any). */
export function approveResource(id: string, body: ApproveResourceBody = {}) {
  return callEndpoint(endpoints.resources.approve, { params: { id }, body });
}

/** Turns it down; its host gets the feedback and may send it again. */
export function declineResource(id: string, body: DeclineResourceBody) {
  return callEndpoint(endpoints.resources.decline, { params: { id }, body });
}

/** A message to the content's uploader. */
export function sendResourceFeedback(id: string, body: Pick<MessageBody, "message">) {
  return callEndpoint(endpoints.resources.feedback, { params: { id }, body });
}

/** A content's listening figures, from the listening sessions. */
export function getResourceStats(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.listening.contentStats, { params: { id }, signal });
}

/** Submissions, decisions and edits, oldest first. */
export const resourceHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.resources.all, "history", id],
    queryFn: ({ signal }) => callEndpoint(endpoints.resources.history, { params: { id }, signal }),
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
