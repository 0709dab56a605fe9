import { type DeletionRequestListQuery, deletionRequestListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/deletion-requests: one page of account deletion requests, newest first; `q` searches e-mails. */
export function listDeletionRequests(params: Partial<DeletionRequestListQuery>, signal?: AbortSignal) {
  return apiList("/user/deletion-requests", {
    query: params,
    schema: deletionRequestListResponseSchema,
    signal,
  });
}
