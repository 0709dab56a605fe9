import {
  type ApproveResourceBody,
  type DeclineResourceBody,
  type MessageBody,
  okEnvelopeSchema,
  resourceResponseSchema,
} from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/resources/:id/approve: publishes content a host uploaded; its host is told (with the note, if any). */
export function approveResource(id: string, body: ApproveResourceBody = {}) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}/approve`, {
    method: "POST",
    body,
    schema: resourceResponseSchema,
  });
}

/** POST /user/resources/:id/decline: turns it down; its host gets the feedback and may send it again. */
export function declineResource(id: string, body: DeclineResourceBody) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}/decline`, {
    method: "POST",
    body,
    schema: resourceResponseSchema,
  });
}

/** POST /user/resources/:id/feedback: a message to the content's uploader. */
export function sendResourceFeedback(id: string, body: Pick<MessageBody, "message">) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}/feedback`, {
    method: "POST",
    body,
    schema: okEnvelopeSchema,
  });
}
