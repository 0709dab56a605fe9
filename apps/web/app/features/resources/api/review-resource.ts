import { type MessageBody, okEnvelopeSchema, resourceResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/resources/:id/approve: publishes content a host uploaded. */
export function approveResource(id: string) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}/approve`, {
    method: "POST",
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
