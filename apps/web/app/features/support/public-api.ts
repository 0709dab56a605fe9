import { apiRequest, type ResponseSchema } from "../../lib/api-client";

// The website's support and account deletion forms (their page scripts, and the deletion link's
// page): answers checked by hand rather than with the contract's zod schemas, because public
// pages must not load zod.

/** `{ status: true, message }`: the answer of calls that only confirm. */
export interface MessageAnswer {
  message: string;
}

export const messageAnswer: ResponseSchema<MessageAnswer> = {
  parse(payload) {
    if (typeof (payload as { message?: unknown }).message !== "string") {
      throw new TypeError("The answer has no message");
    }
    return payload as MessageAnswer;
  },
};

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

/** POST /user/delete-account/confirm: the e-mailed link's token; files the request for the team. */
export function confirmAccountDeletion(token: string): Promise<MessageAnswer> {
  return apiRequest("/user/delete-account/confirm", {
    method: "POST",
    body: { token },
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
