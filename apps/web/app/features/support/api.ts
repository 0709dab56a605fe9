import {
  type DeletionRequestListQuery,
  deletionRequestListQuerySchema,
  deletionRequestListResponseSchema,
  deletionRequestResponseSchema,
  type SupportMessage,
  type SupportMessageBulkBody,
  supportMessageBulkResponseSchema,
  type SupportMessageDetail,
  supportMessageDetailResponseSchema,
  type SupportMessageListQuery,
  supportMessageListQuerySchema,
  supportMessageListResponseSchema,
  supportMessageResponseSchema,
} from "@serene/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiList, apiRequest } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { queryKeys, useRefreshAfter } from "../../lib/query-keys";
import { listUsers } from "../../lib/shared-api";
import { useListQuery } from "../../lib/use-list-query";

// The back office's support inbox and account deletion requests: every call, its key and its
// hook. The website's forms call public-api.ts, which loads no zod.

export type SupportMessageListParams = Partial<SupportMessageListQuery>;
export type DeletionRequestListParams = Partial<DeletionRequestListQuery>;

const messagePath = (id: string) => `/user/support-messages/${encodeURIComponent(id)}`;
const threadKey = (id: string) => [...queryKeys.supportMessages.all, "one", id] as const;

/**
 * GET /user/support-messages: one page of the support inbox, newest first; `q` searches name,
 * e-mail and subject. The answer also counts every unread message.
 */
export function listSupportMessages(params: SupportMessageListParams, signal?: AbortSignal) {
  return apiList("/user/support-messages", {
    query: params,
    schema: supportMessageListResponseSchema,
    signal,
  });
}

/** POST /user/support-messages/bulk: marks read the messages picked, or all matching the inbox's filter. */
export function bulkSupportMessages(body: SupportMessageBulkBody) {
  return apiRequest("/user/support-messages/bulk", {
    method: "POST",
    body,
    schema: supportMessageBulkResponseSchema,
  });
}

/** POST /user/support-messages/:id/read: marks the message read (the first read time stays). */
export function markSupportMessageRead(id: string) {
  return apiRequest(`${messagePath(id)}/read`, { method: "POST", schema: supportMessageResponseSchema });
}

/** GET /user/support-messages/:id: the message with its assignee and its thread of replies, oldest first. */
export async function getSupportMessage(id: string, signal?: AbortSignal): Promise<SupportMessageDetail> {
  return (await apiRequest(messagePath(id), { schema: supportMessageDetailResponseSchema, signal })).data;
}

/** POST /user/support-messages/:id/replies: e-mails the reply to the sender and keeps it in the thread. */
export async function replyToSupportMessage(id: string, message: string) {
  return (
    await apiRequest(`${messagePath(id)}/replies`, {
      method: "POST",
      body: { message },
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}

/** POST /user/support-messages/:id/assign: hands the message to an admin, or to nobody (null). */
export async function assignSupportMessage(id: string, assignee: string | null) {
  return (
    await apiRequest(`${messagePath(id)}/assign`, {
      method: "POST",
      body: { assignee },
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}

/** POST /user/support-messages/:id/close or /reopen. */
export async function setSupportMessageStatus(id: string, status: "open" | "closed") {
  return (
    await apiRequest(`${messagePath(id)}/${status === "closed" ? "close" : "reopen"}`, {
      method: "POST",
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}

/** GET /user/deletion-requests: one page of account deletion requests, newest first; `q` searches e-mails. */
export function listDeletionRequests(params: DeletionRequestListParams, signal?: AbortSignal) {
  return apiList("/user/deletion-requests", {
    query: params,
    schema: deletionRequestListResponseSchema,
    signal,
  });
}

/** POST /user/deletion-requests/:id/cancel: closes a pending request; the account stays. */
export function cancelDeletionRequest(id: string) {
  return apiRequest(`/user/deletion-requests/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    schema: deletionRequestResponseSchema,
  });
}

/** POST /user/deletion-requests/:id/execute: deletes the account now and closes the request. */
export function executeDeletionRequest(id: string) {
  return apiRequest(`/user/deletion-requests/${encodeURIComponent(id)}/execute`, {
    method: "POST",
    schema: deletionRequestResponseSchema,
  });
}

/** One page of the inbox (its items, and `meta` with `unread`: every unread message). */
export function useSupportMessageList(params: SupportMessageListParams) {
  return useQuery({
    queryKey: [...queryKeys.supportMessages.all, "list", params],
    queryFn: ({ signal }) => listSupportMessages(params, signal),
    placeholderData: keepPreviousData,
  });
}

export const supportMessageStates = ["unread", "read"] as const satisfies readonly NonNullable<
  SupportMessageListQuery["state"]
>[];

/** The inbox's search, read/unread filter and page, kept in the URL. */
export function useSupportMessageFilters() {
  return useListQuery(supportMessageListQuerySchema);
}

/** Marks a message read once it is opened; the inbox and its unread count are fetched again. */
export function useMarkSupportMessageRead() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (message: SupportMessage) => markSupportMessageRead(message._id),
    onSettled: () => refreshAfter("supportMessage"),
  });
}

/** One message with its thread (fetched while `id` is set). */
export function useSupportThread(id: string | undefined) {
  return useQuery({
    queryKey: threadKey(id ?? ""),
    queryFn: ({ signal }) => getSupportMessage(id!, signal),
    enabled: Boolean(id),
  });
}

/**
 * The admins, for the assignee picker (a handful of accounts): only an admin opens the support
 * inbox, so a message is never handed to an editor (the server refuses it too).
 */
export function useAdmins() {
  return useQuery({
    queryKey: [...queryKeys.users.all, "admins"],
    queryFn: ({ signal }) => listUsers({ audience: "staff", role: "admin", limit: 100 }, signal),
    select: (answer) => answer.items,
    staleTime: 60_000,
  });
}

/**
 * The thread's writes: reply, assign, close or reopen. Each answers the message as it now is,
 * shown at once; the inbox and the log are fetched again.
 */
export function useSupportThreadActions(id: string) {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  const settle = (done: string) => ({
    onSuccess: (message: SupportMessageDetail) => {
      queryClient.setQueryData(threadKey(id), message);
      notifySuccess(done);
      return refreshAfter("supportMessage");
    },
  });
  return {
    reply: useMutation({
      mutationFn: (text: string) => replyToSupportMessage(id, text),
      ...settle("Reply sent"),
    }),
    assign: useMutation({
      mutationFn: (assignee: string | null) => assignSupportMessage(id, assignee),
      ...settle("Assignee saved"),
      onError: (err: Error) => notifyFailure("The message could not be assigned", err.message),
    }),
    status: useMutation({
      mutationFn: (status: "open" | "closed") => setSupportMessageStatus(id, status),
      onSuccess: (message: SupportMessageDetail) =>
        settle(message.status === "closed" ? "Message closed" : "Message reopened").onSuccess(message),
      onError: (err: Error) => notifyFailure("The message could not be changed", err.message),
    }),
  };
}

/** One page of deletion requests (its items and `meta`). */
export function useDeletionRequestList(params: DeletionRequestListParams) {
  return useQuery({
    queryKey: [...queryKeys.deletionRequests.all, "list", params],
    queryFn: ({ signal }) => listDeletionRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The deletion requests page's search, state and page, kept in the URL. */
export function useDeletionRequestFilters() {
  return useListQuery(deletionRequestListQuerySchema);
}
