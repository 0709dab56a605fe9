import { deletePushSubscription, getPushPublicKey, savePushSubscription } from "./api";

// Web Push in this browser: the listener app's service worker (scope /listen) receives the
// reminders; the server keeps each browser's subscription (APP-API.md part 3).

export type PushOutcome = "subscribed" | "denied" | "unsupported";

export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The VAPID key as PushManager.subscribe takes it (bytes from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a !== null &&
  a !== undefined &&
  a.byteLength === b.byteLength &&
  new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Asks the browser's permission (only when not granted yet: call it from the listener's own
 * gesture), subscribes with the server's VAPID key and gives the server the subscription.
 */
export async function subscribeToPush(): Promise<PushOutcome> {
  if (!pushSupported()) return "unsupported";
  const permission =
    Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const [registration, { data }] = await Promise.all([navigator.serviceWorker.ready, getPushPublicKey()]);
  const key = keyBytes(data.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be sent to.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return "unsupported";
  await savePushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return "subscribed";
}

/** This browser receives no more reminders: the server forgets it, the browser unsubscribes. */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration("/listen");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/** Why this browser cannot take notifications, before anything is asked; null when it may. */
export function pushUnavailable(): Exclude<PushOutcome, "subscribed"> | null {
  if (!pushSupported()) return "unsupported";
  return Notification.permission === "denied" ? "denied" : null;
}
