import { useQuery } from "@tanstack/react-query";
import { listInterests } from "../api/list-interests";

export const interestKeys = { all: ["interests"] as const };

/** Every interest, by position (a short list: the whole of it is loaded). */
export function useInterests() {
  return useQuery({
    queryKey: interestKeys.all,
    queryFn: ({ signal }) => listInterests(signal),
    select: (answer) => answer.items,
  });
}
