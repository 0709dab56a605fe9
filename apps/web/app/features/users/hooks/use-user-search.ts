import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listUsers } from "../api/list-users";

/** How many users a search shows at once; typing narrows them down. */
const SEARCH_LIMIT = 20;

/** Users whose username or e-mail contains `q` (the newest ones when `q` is empty). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ["users", "search", q],
    queryFn: ({ signal }) => listUsers({ q: q || undefined, limit: SEARCH_LIMIT }, signal),
    select: (answer) => answer.items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
