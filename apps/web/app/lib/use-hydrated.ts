import { useSyncExternalStore } from "react";

const noChanges = () => () => undefined;

/**
 * Whether the page runs in the browser: false while a prerendered page is rendered (at build time)
 * and while the browser takes its HTML over (hydrates it), true from then on and in every page
 * rendered in the browser. What the HTML cannot know (the query, typed values) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
