import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while hydrating, true once the browser runs the page. Forms
 * keep their submit button disabled until then: without JavaScript they could not send anything.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
