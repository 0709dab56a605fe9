import { useQuery } from "@tanstack/react-query";
import { listInterests } from "../api/list-interests";
import { queryKeys } from "../../../lib/query-keys";

/** Every interest, by position (a short list: the whole of it is loaded). */
export function useInterests() {
  return useQuery({
    queryKey: queryKeys.interests.all,
    queryFn: ({ signal }) => listInterests(signal),
    select: (answer) => answer.items,
  });
}
