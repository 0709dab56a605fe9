import { apiRequest } from "../../../lib/api-client";
import { type MessageAnswer, messageAnswer } from "../../../lib/plain-answers";

/** POST /user/delete-account/confirm: the e-mailed link's token; files the request for the team. */
export function confirmAccountDeletion(token: string): Promise<MessageAnswer> {
  return apiRequest("/user/delete-account/confirm", {
    method: "POST",
    body: { token },
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
