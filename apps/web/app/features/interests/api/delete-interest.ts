import { interestDeleteResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/interest/delete: its contents stay, without an interest (`uncategorisedResources`). */
export function deleteInterest(id: string) {
  return apiRequest("/user/interest/delete", {
    method: "POST",
    body: { id },
    schema: interestDeleteResponseSchema,
  });
}
