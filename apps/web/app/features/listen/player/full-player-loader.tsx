import { type ComponentType, lazy, Suspense, useSyncExternalStore } from "react";
import { player } from "./player-engine";

// The full player (its dialog, slider and menus: a fifth of the app's first code) opens only once
// something plays, so it is not part of the first screen's code. Should its file fail to load
// (offline before it was ever fetched), the mini player still plays and the page stays up.
const load = () => import("./full-player");
const FullPlayer = lazy((): Promise<{ default: ComponentType }> =>
  load().then(
    (module) => ({ default: module.FullPlayer }),
    () => ({ default: () => null }),
  ),
);

/**
 * Fetches the full player's code ahead of its first use. For downloads: fetched while online, the
 * service worker keeps it, and a download then plays offline with the player's controls.
 */
export function preloadFullPlayer() {
  load().catch(() => undefined);
}

const hasItem = () => player.getState().item !== null;

/** The full player, loaded once an item is in the player. */
export function FullPlayerLoader() {
  const active = useSyncExternalStore(player.subscribe, hasItem, hasItem);
  return active ? (
    <Suspense fallback={null}>
      <FullPlayer />
    </Suspense>
  ) : null;
}
