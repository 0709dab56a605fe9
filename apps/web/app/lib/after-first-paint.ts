import { startTransition, useEffect, useState } from "react";

let painted = false;
const waiting = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const onPainted of waiting) onPainted();
  waiting.clear();
}

/**
 * Whether the app (the listener app, the business portal) has painted its first page. What nothing
 * on a first screen needs waits for it (in the listener app the inbox's unread count, the app-wide
 * message, the queue behind "Next", whether an item is a favourite; in the portal the header's menus
 * and the dialogs' code): on a slow phone the page's own read, its code and its cover then arrive
 * first, and the first paint is not held back by answers nobody sees yet. The change renders as a
 * transition, in slices between which the browser stays responsive. True from then on, so a page
 * opened later asks at once.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const onPainted = () => startTransition(() => setDone(true));
    if (painted) return onPainted();
    waiting.add(onPainted);
    requestAnimationFrame(() => setTimeout(markPainted, 0));
    return () => void waiting.delete(onPainted);
  }, [done]);
  return done;
}
