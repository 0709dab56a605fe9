import { deletionRequestResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/deletion-requests/:id/cancel: closes a pending request; the account stays. */
export function cancelDeletionRequest(id: string) {
  return apiRequest(`/user/deletion-requests/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    schema: deletionRequestResponseSchema,
  });
}
