import {
  type SupportMessage,
  type SupportMessageListQuery,
  supportMessageListQuerySchema,
} from "@serene/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryKeys, useRefreshAfter } from "../../../lib/query-keys";
import { useListQuery } from "../../../lib/use-list-query";
import { listSupportMessages } from "../api/list-support-messages";
import { markSupportMessageRead } from "../api/mark-support-message-read";

export type SupportMessageListParams = Partial<SupportMessageListQuery>;

/** One page of the inbox (its items, and `meta` with `unread`: every unread message). */
export function useSupportMessageList(params: SupportMessageListParams) {
  return useQuery({
    queryKey: queryKeys.supportMessages.list(params),
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
