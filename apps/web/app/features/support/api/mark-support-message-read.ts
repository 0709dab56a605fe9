import { supportMessageResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/support-messages/:id/read: marks the message read (the first read time stays). */
export function markSupportMessageRead(id: string) {
  return apiRequest(`/user/support-messages/${encodeURIComponent(id)}/read`, {
    method: "POST",
    schema: supportMessageResponseSchema,
  });
}
