import { useSyncExternalStore } from "react";
import { player, type PlayerState } from "./player-engine";

/** The player's state, re-rendering on every change (position included). */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getState, player.getState);
}
