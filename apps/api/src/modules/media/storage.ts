import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** The public URL of a stored file (null stays null). */
export type MediaUrl = (key: string | null) => string | null;

/** Where media files live. Keys look like `audio/<random>.mp3`; they never come from a client's file name. */
export interface MediaStorage {
  /** Moves a finished temporary file into the store under `key`, atomically. */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Folder for temporary upload files (on the same file system as the store when it is local). */
  tempDir: string;
  /** URL of a key, for a request that arrived at `origin` (e.g. http://localhost:3000). */
  url(key: string, origin: string): string;
  /** The key behind a URL this store handed out, or null for any other URL. */
  keyFromUrl(url: string, origin: string): string | null;
}

const KEY_PATTERN = /^(image|audio)\/[A-Za-z0-9_-]{22}\.(png|gif|jpg|mp3)$/;

export const isMediaKey = (key: string) => KEY_PATTERN.test(key);

/** A new random, non-guessable key (128 bits). */
export const newMediaKey = (kind: "image" | "audio", ext: string) =>
  `${kind}/${randomBytes(16).toString("base64url")}.${ext}`;

export const MEDIA_ROUTE_PREFIX = "/media/";

/** Files on local disk under `root` (DATA_DIR/media); the server streams them at /media/<key>. */
export function localStorage(root: string, publicUrl: string | undefined): MediaStorage {
  const tempDir = path.join(root, ".tmp");
  const resolve = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  const base = (origin: string) => publicUrl ?? origin;
  return {
    tempDir,
    url: (key, origin) => `${base(origin)}${MEDIA_ROUTE_PREFIX}${key}`,
    keyFromUrl(url, origin) {
      let parsed: URL;
      try {
        parsed = new URL(url, base(origin));
      } catch {
        return null;
      }
      const ours = new URL(base(origin));
      if (parsed.origin !== ours.origin || !parsed.pathname.startsWith(MEDIA_ROUTE_PREFIX)) return null;
      const key = parsed.pathname.slice(MEDIA_ROUTE_PREFIX.length);
      return isMediaKey(key) ? key : null;
    },
    async put(key, tempFile) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // rename within one file system is atomic: readers see no file or the whole file.
      await fs.rename(tempFile, target);
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
