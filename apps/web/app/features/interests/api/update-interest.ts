import { interestResponseSchema, type UpdateInterestBody } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** PUT /user/interest/:id with the fields to change (icon only when replaced). */
export function updateInterest(id: string, body: UpdateInterestBody) {
  return apiRequest(`/user/interest/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    schema: interestResponseSchema,
  });
}
