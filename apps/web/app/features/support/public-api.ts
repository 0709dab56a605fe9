import { supportEndpoints } from "@serene/contract/endpoints";
import { callEndpoint } from "../../lib/api-client";

// The website's support and account deletion forms (their page scripts, and the deletion link's
// page), through the typed client: endpoint declarations are plain data, so these pages still
// load no zod.

export interface SupportMessage {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** Stores the message, e-mails it to support and acknowledges it to the sender. */
export function sendSupportMessage(body: SupportMessage) {
  return callEndpoint(supportEndpoints.submitMessage, { body, redirectOnUnauthorized: false });
}

export interface AccountDeletionRequest {
  email: string;
  reason: string;
}

/** E-mails a confirmation link to the address (if an account uses it). */
export function requestAccountDeletion(body: AccountDeletionRequest) {
  return callEndpoint(supportEndpoints.requestDeletion, { body, redirectOnUnauthorized: false });
}

/** The e-mailed link's token; files the request for the team. */
export function confirmAccountDeletion(token: string) {
  return callEndpoint(supportEndpoints.confirmDeletion, { body: { token }, redirectOnUnauthorized: false });
}
