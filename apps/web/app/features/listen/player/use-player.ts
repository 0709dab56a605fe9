import { useSyncExternalStore } from "react";
import { player } from "./player-engine";
import type { PlayerState } from "./player-state";

/** The player's state, re-rendering on every change (position included). */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getState, player.getState);
}
