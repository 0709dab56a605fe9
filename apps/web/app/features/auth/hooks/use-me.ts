import { useQuery } from "@tanstack/react-query";
import { getMe } from "../api/get-me";
import { queryKeys } from "../../../lib/query-keys";

export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    select: (answer) => answer.data.user,
    staleTime: 5 * 60_000,
  });
}
