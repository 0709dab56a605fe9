import { apiRequest } from "../../../lib/api-client";
import { type MessageAnswer, messageAnswer } from "../../../lib/plain-answers";

export interface AccountDeletionRequest {
  email: string;
  reason: string;
}

/** POST /user/delete-account: records the request and confirms it by e-mail. */
export function requestAccountDeletion(body: AccountDeletionRequest): Promise<MessageAnswer> {
  return apiRequest("/user/delete-account", {
    method: "POST",
    body,
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
