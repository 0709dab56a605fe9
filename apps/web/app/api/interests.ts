import { interestListResponseSchema } from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { apiList } from "../lib/api-client";
import { queryKeys } from "../lib/query-keys";

/** GET /user/interests: every interest, by position, with how many contents each holds. */
export function listInterests(signal?: AbortSignal) {
  return apiList("/user/interests", { schema: interestListResponseSchema, signal });
}

/** Every interest, by position (a short list: the whole of it is loaded). */
export function useInterests() {
  return useQuery({
    queryKey: queryKeys.interests.all,
    queryFn: ({ signal }) => listInterests(signal),
    select: (answer) => answer.items,
  });
}
