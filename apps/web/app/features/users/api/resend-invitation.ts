import { okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/users/:id/invitation: e-mails a back-office-created user a new invitation link. */
export function resendInvitation(id: string) {
  return apiRequest(`/user/users/${encodeURIComponent(id)}/invitation`, {
    method: "POST",
    schema: okEnvelopeSchema,
  });
}
