import { apiRequest } from "../../../lib/api-client";
import { type MessageAnswer, messageAnswer } from "../../../lib/plain-answers";

export interface AccountDeletionRequest {
  email: string;
  reason: string;
}

/** POST /user/delete-account: e-mails a confirmation link to the address (if an account uses it). */
export function requestAccountDeletion(body: AccountDeletionRequest): Promise<MessageAnswer> {
  return apiRequest("/user/delete-account", {
    method: "POST",
    body,
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
