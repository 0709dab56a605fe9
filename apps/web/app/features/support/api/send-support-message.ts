import { apiRequest } from "../../../lib/api-client";
import { type MessageAnswer, messageAnswer } from "../../../lib/plain-answers";

export interface SupportMessage {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /user/support: stores the message, e-mails it to support and acknowledges it to the sender. */
export function sendSupportMessage(body: SupportMessage): Promise<MessageAnswer> {
  return apiRequest("/user/support", {
    method: "POST",
    body,
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
