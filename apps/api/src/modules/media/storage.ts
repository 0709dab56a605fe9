import { MEDIA_ROUTE_PREFIX } from "@serene/contract";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type { S3Config } from "../../config/env.ts";
import { VARIANT_KEY_PATTERN } from "./image-variants.ts";

/** The public URL of a stored file (null stays null). */

/** Where media files live. Keys look like `audio/<random>.mp3`; they never come from a client's file name. */
export interface MediaStorage {
  /** Moves a finished temporary file into the store under `key`; readers never see a partial file. */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Copies the stored file `key` to the local file `toFile`. */
  download(key: string, toFile: string): Promise<void>;
  /** Every stored key with when it was written. */
  list(): AsyncIterable<{ key: string; modified: Date }>;
  /** Folder for temporary upload files. */
  tempDir: string;
  /** URL of a key, for a request that arrived at `origin` (e.g. http://localhost:3000). */
  url(key: string, origin: string): string;
  /** The key behind a URL this store handed out (signed or not), or null for any other URL. */
  keyFromUrl(url: string, origin: string): string | null;
  /** A URL that reads `key` until `expiresAt` only (HMAC query on local disk, presigned GET on S3). */
  signedUrl(key: string, origin: string, expiresAt: Date): Promise<string>;
}

/** How long a stream URL works (the contract's maximum: one hour). */
export const STREAM_URL_TTL_MS = 3600_000;

/** HMAC of a key and its expiry (unix seconds): the `sig` of a local signed media URL. */
export const mediaSignature = (secret: string, key: string, exp: number) =>
  createHmac("sha256", secret).update(`${key}\n${exp}`).digest("base64url");

/** The local signed URL's query: `exp` and `sig`. */
export function signedQuery(secret: string, key: string, expiresAt: Date) {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `exp=${exp}&sig=${mediaSignature(secret, key, exp)}`;
}

/** Whether `exp`/`sig` of a request sign `key` and have not expired. */
export function validSignature(
  secret: string,
  key: string,
  exp: unknown,
  sig: unknown,
  now = Date.now(),
): boolean {
  if (typeof exp !== "string" || typeof sig !== "string" || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 <= now) return false;
  const expected = Buffer.from(mediaSignature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const KEY_PATTERN = /^(image|audio)\/[A-Za-z0-9_-]{22}\.(png|gif|jpg|mp3)$/;

/** An uploaded file's key: what a client may send back (a variant is never attached to a row). */
export const isMediaKey = (key: string) => KEY_PATTERN.test(key);

/** A key the store holds and serves: an uploaded file, or one of an image's variants. */
export const isStoredKey = (key: string) => KEY_PATTERN.test(key) || VARIANT_KEY_PATTERN.test(key);

/** A new random, non-guessable key (128 bits). */
export const newMediaKey = (kind: "image" | "audio", ext: string) =>
  `${kind}/${randomBytes(16).toString("base64url")}.${ext}`;

/** URLs are `<base><key>`; a URL is ours only if it starts with our base and ends in a well-formed key. */
function urlScheme(rawBaseFor: (origin: string) => string) {
  // Normalised (e.g. a default port dropped), so the URLs we hand out and the ones we get back compare equal.
  const baseFor = (origin: string) => new URL(rawBaseFor(origin)).href;
  return {
    url: (key: string, origin: string) => `${baseFor(origin)}${key}`,
    keyFromUrl(url: string, origin: string) {
      const base = baseFor(origin);
      let absolute: string;
      try {
        const parsed = new URL(url, base);
        // A signed URL's query (exp, sig) is not part of the key.
        parsed.search = "";
        absolute = parsed.href;
      } catch {
        return null;
      }
      if (!absolute.startsWith(base)) return null;
      const key = absolute.slice(base.length);
      return isMediaKey(key) ? key : null;
    },
  };
}

/** Files on local disk under `root` (DATA_DIR/media); the server streams them at /media/<key>. */
export function localStorage(
  root: string,
  publicUrl: string | undefined,
  signingSecret: string,
): MediaStorage {
  const resolve = (key: string) => {
    if (!isStoredKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  const scheme = urlScheme((origin) => `${publicUrl ?? origin}${MEDIA_ROUTE_PREFIX}`);
  return {
    tempDir: path.join(root, ".tmp"),
    ...scheme,
    signedUrl: async (key, origin, expiresAt) =>
      `${scheme.url(key, origin)}?${signedQuery(signingSecret, key, expiresAt)}`,
    async put(key, tempFile) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // rename within one file system is atomic: readers see no file or the whole file.
      await fs.promises.rename(tempFile, target);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async download(key, toFile) {
      await fs.promises.copyFile(resolve(key), toFile);
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async *list() {
      for (const kind of ["image", "audio"]) {
        const dir = path.join(root, kind);
        if (!fs.existsSync(dir)) continue;
        for (const name of await fs.promises.readdir(dir)) {
          const key = `${kind}/${name}`;
          if (isStoredKey(key)) yield { key, modified: (await fs.promises.stat(path.join(dir, name))).mtime };
        }
      }
    },
  };
}

/**
 * Objects in an S3-compatible bucket, read by clients from `publicUrl`. Temporary files stay
 * on local disk until the upload is complete; an object appears only once fully written.
 */
export function s3Storage(config: S3Config, tempDir: string): MediaStorage {
  // The AWS SDK is loaded on first use, not at start-up (it is a large module).
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        // Plain bodies: S3-compatible stores other than AWS often do not take aws-chunked checksum uploads.
        requestChecksumCalculation: "WHEN_REQUIRED",
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
      }),
    })));
  const Bucket = config.bucket;
  return {
    tempDir,
    ...urlScheme(() => `${config.publicUrl}/`),
    async signedUrl(key, _origin, expiresAt) {
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        s3(),
        import("@aws-sdk/s3-request-presigner"),
      ]);
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      });
    },
    async put(key, tempFile, contentType) {
      try {
        const { sdk, client } = await s3();
        const { size } = await fs.promises.stat(tempFile);
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: fs.createReadStream(tempFile),
            ContentLength: size,
            ContentType: contentType,
            // Audio may be paid: never cached publicly (the app reads it through presigned URLs).
            CacheControl: key.startsWith("audio/")
              ? "private, max-age=3600"
              : "public, max-age=31536000, immutable",
          }),
        );
      } finally {
        await fs.promises.rm(tempFile, { force: true });
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw err;
      }
    },
    async download(key, toFile) {
      const { sdk, client } = await s3();
      const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      await pipeline(Body as Readable, fs.createWriteStream(toFile));
    },
    async *list() {
      const { sdk, client } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key && isStoredKey(o.Key)) yield { key: o.Key, modified: o.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
