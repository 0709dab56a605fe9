import { useQuery } from "@tanstack/react-query";
import { listResources } from "../api/list-resources";
import { queryKeys } from "../../../lib/query-keys";

const POLL_MS = 60_000;

/**
 * How many contents wait for review (the sidebar's and the dashboard's count), asked for again
 * every minute and after every catalogue write.
 */
export function usePendingReviewCount() {
  const params = { reviewState: "pending", limit: 1 } as const;
  return useQuery({
    queryKey: queryKeys.resources.list(params),
    queryFn: ({ signal }) => listResources(params, signal),
    select: (answer) => answer.meta.total,
    refetchInterval: POLL_MS,
    staleTime: 30_000,
  });
}
