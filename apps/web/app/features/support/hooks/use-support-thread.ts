import type { SupportMessageDetail } from "@serene/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listUsers } from "../../../api/users";
import { queryKeys, useRefreshAfter } from "../../../lib/query-keys";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import {
  assignSupportMessage,
  getSupportMessage,
  replyToSupportMessage,
  setSupportMessageStatus,
} from "../api/support-thread";

const threadKey = (id: string) => [...queryKeys.supportMessages.all, "one", id] as const;

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
