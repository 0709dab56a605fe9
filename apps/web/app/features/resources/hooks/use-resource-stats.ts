import { useQuery } from "@tanstack/react-query";
import { getResourceStats } from "../api/resource-stats";
import { resourceKeys } from "./use-resource-list";

/** One content's listening figures, asked for only while `id` is set (its window is open). */
export function useResourceStats(id: string | null) {
  return useQuery({
    queryKey: resourceKeys.stats(id ?? ""),
    queryFn: ({ signal }) => getResourceStats(id!, signal),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}
