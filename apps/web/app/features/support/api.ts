import {
  type DeletionRequestListQuery,
  deletionRequestListQuerySchema,
  type SupportMessage,
  type SupportMessageBulkBody,
  type SupportMessageDetail,
  type SupportMessageListQuery,
  supportMessageListQuerySchema,
} from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { queryKeys, useRefreshAfter } from "../../lib/query-keys";
import { listUsers } from "../../lib/shared-api";
import { useListQuery } from "../../lib/use-list-query";

// The back office's support inbox and account deletion requests: every call, its key and its
// hook. The website's forms call public-api.ts, which loads no zod.

export type SupportMessageListParams = Partial<SupportMessageListQuery>;
export type DeletionRequestListParams = Partial<DeletionRequestListQuery>;

const threadKey = (id: string) => [...queryKeys.supportMessages.all, "one", id] as const;

/**
 * One page of the support inbox, newest first; `q` searches name, e-mail and subject. The answer
 * also counts every unread message.
 */
export function listSupportMessages(params: SupportMessageListParams, signal?: AbortSignal) {
  return callList(endpoints.support.listMessages, { query: params, signal });
}

/** Marks read the messages picked, or all matching the inbox's filter. */
export function bulkSupportMessages(body: SupportMessageBulkBody) {
  return callEndpoint(endpoints.support.bulk, { body });
}

/** Marks the message read (the first read time stays). */
export function markSupportMessageRead(id: string) {
  return callEndpoint(endpoints.support.markRead, { params: { id } });
}

/** The message with its assignee and its thread of replies, oldest first. */
export async function getSupportMessage(id: string, signal?: AbortSignal): Promise<SupportMessageDetail> {
  return (await callEndpoint(endpoints.support.getMessage, { params: { id }, signal })).data;
}

/** E-mails the reply to the sender and keeps it in the thread. */
export async function replyToSupportMessage(id: string, message: string) {
  return (await callEndpoint(endpoints.support.reply, { params: { id }, body: { message } })).data;
}

/** Hands the message to an admin, or to nobody (null). */
export async function assignSupportMessage(id: string, assignee: string | null) {
  return (await callEndpoint(endpoints.support.assign, { params: { id }, body: { assignee } })).data;
}

/** Closes or reopens the message. */
export async function setSupportMessageStatus(id: string, status: "open" | "closed") {
  const change = status === "closed" ? endpoints.support.close : endpoints.support.reopen;
  return (await callEndpoint(change, { params: { id } })).data;
}

/** One page of account deletion requests, newest first; `q` searches e-mails. */
export function listDeletionRequests(params: DeletionRequestListParams, signal?: AbortSignal) {
  return callList(endpoints.support.listDeletionRequests, { query: params, signal });
}

/** Closes a pending request; the account stays. */
export function cancelDeletionRequest(id: string) {
  return callEndpoint(endpoints.support.cancelDeletion, { params: { id } });
}

/** Deletes the account now and closes the request. */
export function executeDeletionRequest(id: string) {
  return callEndpoint(endpoints.support.executeDeletion, { params: { id } });
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
