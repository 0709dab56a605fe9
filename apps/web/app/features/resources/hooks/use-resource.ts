import { useQuery } from "@tanstack/react-query";
import { getResource } from "../api/get-resource";
import { queryKeys } from "../../../lib/query-keys";

/** One content, every field. */
export function useResource(id: string) {
  return useQuery({
    queryKey: queryKeys.resources.one(id),
    queryFn: ({ signal }) => getResource(id, signal),
    select: (answer) => answer.data,
  });
}
