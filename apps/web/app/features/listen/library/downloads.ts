import { streamUrl } from "../catalogue/api";
import type { AppResource } from "@serene/contract";

// Downloaded items live in Cache Storage: the audio under one key, what the app shows about it
// under another. The keys are never fetched, so the service worker leaves them alone.
const CACHE = "serene-downloads-v1";
const audioKey = (id: string) => `/listen/offline/audio/${id}`;
const infoKey = (id: string) => `/listen/offline/info/${id}`;

export interface Download {
  resource: AppResource;
  bytes: number;
  savedAt: string;
}

export const downloadsSupported = () => typeof caches !== "undefined";

/** Saves an item for offline listening: the signed URL is fetched once, the file kept. */
export async function saveDownload(resource: AppResource): Promise<Download> {
  const { data } = await streamUrl(resource._id);
  const response = await fetch(data.url);
  if (!response.ok) throw new Error(`The file could not be downloaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  const cache = await caches.open(CACHE);
  const download: Download = { resource, bytes: blob.size, savedAt: new Date().toISOString() };
  await cache.put(
    audioKey(resource._id),
    new Response(blob, { headers: { "Content-Type": blob.type || "audio/mpeg" } }),
  );
  await cache.put(infoKey(resource._id), Response.json(download));
  return download;
}

export async function listDownloads(): Promise<Download[]> {
  if (!downloadsSupported()) return [];
  const cache = await caches.open(CACHE);
  const keys = (await cache.keys()).filter((request) =>
    new URL(request.url).pathname.startsWith("/listen/offline/info/"),
  );
  const downloads = await Promise.all(
    keys.map(async (key) => (await cache.match(key))?.json() as Promise<Download>),
  );
  return downloads.filter(Boolean).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function removeDownload(id: string): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all([cache.delete(audioKey(id)), cache.delete(infoKey(id))]);
}

export async function clearDownloads(): Promise<void> {
  if (downloadsSupported()) await caches.delete(CACHE);
}

/** A playable URL of a downloaded item's audio (a blob: URL), or null when it is not saved. */
export async function downloadedAudioUrl(id: string): Promise<string | null> {
  if (!downloadsSupported()) return null;
  const response = await (await caches.open(CACHE)).match(audioKey(id));
  return response ? URL.createObjectURL(await response.blob()) : null;
}

/** The entitlement ended: paid downloads go (the listener may no longer play them). */
export async function removePaidDownloads(): Promise<number> {
  const paid = (await listDownloads()).filter((d) => d.resource.paymentType === "paid");
  await Promise.all(paid.map((d) => removeDownload(d.resource._id)));
  return paid.length;
}
