import {
  type CreateInterestBody,
  interestDeleteResponseSchema,
  interestResponseSchema,
  type UpdateInterestBody,
} from "@serene/contract";
import { apiRequest } from "../../lib/api-client";

// The interests' writes; the list every feature reads is `useInterests` in lib/shared-api.ts.

/** POST /user/interest (icon: a URL answered by the upload). A name in use answers 409. */
export function createInterest(body: CreateInterestBody) {
  return apiRequest("/user/interest", { method: "POST", body, schema: interestResponseSchema });
}

/** PUT /user/interest/:id with the fields to change (icon only when replaced). */
export function updateInterest(id: string, body: UpdateInterestBody) {
  return apiRequest(`/user/interest/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    schema: interestResponseSchema,
  });
}

/** POST /user/interest/delete: its contents stay, without an interest (`uncategorisedResources`). */
export function deleteInterest(id: string) {
  return apiRequest("/user/interest/delete", {
    method: "POST",
    body: { id },
    schema: interestDeleteResponseSchema,
  });
}
