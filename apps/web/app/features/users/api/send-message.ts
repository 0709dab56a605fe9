import { type MessageBody, okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/users/:id/message: a message to one user's app inbox, with an e-mail copy. */
export function sendMessage(id: string, body: MessageBody) {
  return apiRequest(`/user/users/${encodeURIComponent(id)}/message`, {
    method: "POST",
    body,
    schema: okEnvelopeSchema,
  });
}
