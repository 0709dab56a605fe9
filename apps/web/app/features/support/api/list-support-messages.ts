import { type SupportMessageListQuery, supportMessageListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/**
 * GET /user/support-messages: one page of the support inbox, newest first; `q` searches name,
 * e-mail and subject. The answer also counts every unread message.
 */
export function listSupportMessages(params: Partial<SupportMessageListQuery>, signal?: AbortSignal) {
  return apiList("/user/support-messages", {
    query: params,
    schema: supportMessageListResponseSchema,
    signal,
  });
}
