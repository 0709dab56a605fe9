import type { AppResource } from "@serene/contract";
import { SKIP_SECONDS } from "./player-state";

// The lock screen and the headset: what they show of the player, and what their buttons do.

/** What the player does for the lock screen's and the headset's buttons. */
export interface MediaControls {
  play(): void;
  pause(): void;
  skip(by: number): void;
  seek(seconds: number): void;
  next(): void;
}

/** What the lock screen and the headset show: playing, paused, or nothing. */
export function setPlaybackState(playbackState: MediaSessionPlaybackState) {
  if ("mediaSession" in navigator) navigator.mediaSession.playbackState = playbackState;
}

/** The item playing, on the lock screen, and the player's answers to its buttons. */
export function showOnLockScreen(item: AppResource | null, controls: MediaControls) {
  if (!item || !("mediaSession" in navigator)) return;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata({
    title: item.title,
    artist: "Serene",
    album: item.interest?.name ?? "",
    artwork: item.image ? [{ src: new URL(item.image, window.location.href).href }] : [],
  });
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ["play", () => controls.play()],
    ["pause", () => controls.pause()],
    ["seekbackward", (details) => controls.skip(-(details.seekOffset ?? SKIP_SECONDS))],
    ["seekforward", (details) => controls.skip(details.seekOffset ?? SKIP_SECONDS)],
    ["seekto", (details) => controls.seek(details.seekTime ?? 0)],
    ["nexttrack", () => controls.next()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}
