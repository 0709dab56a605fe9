import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { setFavourite } from "./api";
import { useAfterFirstPaint } from "../../../lib/after-first-paint";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { favouritesQuery } from "./api";

/** Whether an item is a favourite, and the toggle (the API's PUT and DELETE are idempotent). */
export function useFavourite(resourceId: string) {
  const favourites = useInfiniteQuery({ ...favouritesQuery, enabled: useAfterFirstPaint() });
  const isFavourite =
    favourites.data?.pages.some((page) => page.items.some((r) => r._id === resourceId)) ?? false;
  const toggle = useMutation({
    mutationFn: (favourite: boolean) => setFavourite(resourceId, favourite),
    onSettled: () => listenQueryClient.invalidateQueries({ queryKey: listenKeys.favourites }),
  });
  const shown = toggle.isPending ? toggle.variables : isFavourite;
  return {
    isFavourite: shown,
    ready: !favourites.isPending,
    toggle: () => toggle.mutate(!shown),
    error: toggle.error,
  };
}
