import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listResources, type ResourceListParams } from "../api/list-resources";

export const resourceKeys = {
  all: ["resources"] as const,
  list: (params: ResourceListParams) => ["resources", "list", params] as const,
  stats: (id: string) => ["resources", "stats", id] as const,
};

/** One page of contents; the previous page stays on screen while the next one loads. */
export function useResourceList(params: ResourceListParams) {
  return useQuery({
    queryKey: resourceKeys.list(params),
    queryFn: ({ signal }) => listResources(params, signal),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}
