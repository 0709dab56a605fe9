import { useQuery } from "@tanstack/react-query";
import { getResourceStats } from "../api/resource-stats";
import { queryKeys } from "../../../lib/query-keys";

/** One content's listening figures, asked for only while `id` is set (its window is open). */
export function useResourceStats(id: string | null) {
  return useQuery({
    queryKey: queryKeys.resources.stats(id ?? ""),
    queryFn: ({ signal }) => getResourceStats(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}
