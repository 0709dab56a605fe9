import { meResponseSchema } from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api-client";
import { queryKeys } from "../lib/query-keys";

/** GET /auth/me: the signed-in admin. */
export function getMe(signal?: AbortSignal) {
  return apiRequest("/auth/me", { schema: meResponseSchema, signal });
}

/** The signed-in admin, kept for five minutes. */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    select: (answer) => answer.data.user,
    staleTime: 5 * 60_000,
  });
}
