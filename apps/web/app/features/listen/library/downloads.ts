import { ApiError } from "../../../lib/api-client";
import { streamUrl } from "../catalogue/api";
import type { AppResourceDetail } from "@serene/contract";

// What the app has offline lives in Cache Storage, in one cache that signing out deletes:
// - each downloaded item: its audio under one key, what the app shows about it under another
//   (keys that are never fetched), and its cover under the cover's own address, which the service
//   worker answers from here when the network cannot (listen-sw.js);
// - the last answers of the reads kept for offline (`keptOffline`: the history, the stats).
const CACHE = "serene-downloads-v1";
const audioKey = (id: string) => `/listen/offline/audio/${id}`;
const infoKey = (id: string) => `/listen/offline/info/${id}`;
const answerKey = (name: string) => `/listen/offline/answer/${name}`;

export interface Download {
  /** The item as its page showed it when it was saved (its description too, for its page offline). */
  resource: AppResourceDetail;
  bytes: number;
  savedAt: string;
}

export const downloadsSupported = () => typeof caches !== "undefined";

/** Saves an item for offline listening: the signed URL is fetched once, the file kept. */
export async function saveDownload(resource: AppResourceDetail): Promise<Download> {
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
  if (resource.image) await keepCover(cache, resource.image);
  return download;
}

/** A download's cover, kept as the server sent it (a cover that cannot be fetched is left out). */
async function keepCover(cache: Cache, image: string) {
  const response = await fetch(image).catch(() => undefined);
  if (response?.ok) await cache.put(image, response);
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
  const image = ((await (await cache.match(infoKey(id)))?.json()) as Download | undefined)?.resource.image;
  await Promise.all([
    cache.delete(audioKey(id)),
    cache.delete(infoKey(id)),
    image ? cache.delete(image) : undefined,
  ]);
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

/** An answer read while online, kept for offline with when it was read (`asOf`, an ISO time). */
export type Kept<T> = T & { asOf?: string };

/**
 * A read kept for offline use: online, the answer is read and kept (under `name`); when the network
 * cannot be reached (offline, or the request never got an answer), the last kept answer is given
 * instead, with `asOf`, so the page shows it dated. Run it in a query with `networkMode: "always"`.
 */
export async function keptOffline<T extends object>(name: string, read: () => Promise<T>): Promise<Kept<T>> {
  try {
    const answer = await read();
    if (downloadsSupported()) {
      const kept = { answer, asOf: new Date().toISOString() };
      await (await caches.open(CACHE)).put(answerKey(name), Response.json(kept)).catch(() => undefined);
    }
    return answer;
  } catch (error) {
    const unreachable = error instanceof ApiError && error.httpStatus === 0;
    const kept =
      unreachable && downloadsSupported()
        ? ((await (await (await caches.open(CACHE)).match(answerKey(name)))?.json()) as
            { answer: T; asOf: string } | undefined)
        : undefined;
    if (!kept) throw error;
    return { ...kept.answer, asOf: kept.asOf };
  }
}
