import { useSyncExternalStore } from "react";

/** The listener chose to hide the gentle count of days in a row (Account), on this device. */
export const HIDE_STREAKS_KEY = "serene-hide-streaks";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

const streaksShown = () => localStorage.getItem(HIDE_STREAKS_KEY) === null;

/** Whether streaks show (the Today card, the session summary, Stats); true until hidden. */
export const useStreaksShown = () => useSyncExternalStore(subscribe, streaksShown, () => true);

export function setStreaksShown(shown: boolean) {
  if (shown) localStorage.removeItem(HIDE_STREAKS_KEY);
  else localStorage.setItem(HIDE_STREAKS_KEY, "1");
  for (const listener of listeners) listener();
}
