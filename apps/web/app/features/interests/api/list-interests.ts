import { interestListResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/interests: every interest, by position, with how many contents each holds. */
export function listInterests(signal?: AbortSignal) {
  return apiRequest("/user/interests", { schema: interestListResponseSchema, signal });
}
