import { deletionRequestResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/deletion-requests/:id/execute: deletes the account now and closes the request. */
export function executeDeletionRequest(id: string) {
  return apiRequest(`/user/deletion-requests/${encodeURIComponent(id)}/execute`, {
    method: "POST",
    schema: deletionRequestResponseSchema,
  });
}
