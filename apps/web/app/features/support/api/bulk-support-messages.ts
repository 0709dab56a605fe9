import { type SupportMessageBulkBody, supportMessageBulkResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/support-messages/bulk: marks read the messages picked, or all matching the inbox's filter. */
export function bulkSupportMessages(body: SupportMessageBulkBody) {
  return apiRequest("/user/support-messages/bulk", {
    method: "POST",
    body,
    schema: supportMessageBulkResponseSchema,
  });
}
