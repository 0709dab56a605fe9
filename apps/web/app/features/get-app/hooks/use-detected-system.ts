import { useSyncExternalStore } from "react";
import { type DetectedSystem, detectSystem } from "../detect-system";

const subscribe = () => () => {};
let detected: DetectedSystem | null | undefined;

function current(): DetectedSystem | null {
  detected ??= detectSystem(navigator.userAgent, navigator.maxTouchPoints) ?? null;
  return detected;
}

/**
 * The visitor's system once the page runs in the browser: `undefined` in the prerendered HTML
 * (which offers both stores), `null` when the browser does not say.
 */
export function useDetectedSystem(): DetectedSystem | null | undefined {
  return useSyncExternalStore(subscribe, current, () => undefined);
}
