import { useQuery } from "@tanstack/react-query";
import { getMe } from "../api/get-me";

export const meKey = ["auth", "me"] as const;

export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => getMe(signal),
    select: (answer) => answer.data.user,
    staleTime: 5 * 60_000,
  });
}
