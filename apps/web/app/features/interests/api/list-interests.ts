import { interestListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/interests: every interest, by position, with how many contents each holds. */
export function listInterests(signal?: AbortSignal) {
  return apiList("/user/interests", { schema: interestListResponseSchema, signal });
}
