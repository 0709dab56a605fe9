import { type CreateInterestBody, interestResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/interest (icon: a URL answered by the upload). A name in use answers 409. */
export function createInterest(body: CreateInterestBody) {
  return apiRequest("/user/interest", { method: "POST", body, schema: interestResponseSchema });
}
