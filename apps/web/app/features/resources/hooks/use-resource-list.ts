import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listResources, type ResourceListParams } from "../api/list-resources";
import { queryKeys } from "../../../lib/query-keys";

/** One page of contents; the previous page stays on screen while the next one loads. */
export function useResourceList(params: ResourceListParams) {
  return useQuery({
    queryKey: queryKeys.resources.list(params),
    queryFn: ({ signal }) => listResources(params, signal),
    placeholderData: keepPreviousData,
  });
}
