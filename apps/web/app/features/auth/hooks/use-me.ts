import { useQuery } from "@tanstack/react-query";
import { getMe } from "../api/get-me";

export function useMe() {
  return useQuery({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => getMe(signal),
    select: (answer) => answer.data.user,
    staleTime: 5 * 60_000,
  });
}
