import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { isStaff, type UserRole } from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config/env.ts";
import { formatBytes } from "../../lib/bytes.ts";
import { AppError } from "../../lib/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  deleteMediaFiles,
  insertMediaFile,
  measuredAudio,
  saveAudioFacts,
  mediaKeyInUse,
  mediaUploader,
  paidAudioUploaders,
  referencedMediaKeys,
} from "./media.repository.ts";
import { type ImageSize, readImageSize } from "./image-size.ts";
import { type AudioFacts, analyseAudio } from "./audio-analysis.ts";
import type { Loudness } from "./loudness.ts";
import { checkMp3 } from "./mp3.ts";
import { mediaStem, renderImageVariants, variantKeysOf } from "./image-variants.ts";
import { isMediaKey, localStorage, type MediaStorage, newMediaKey, s3Storage } from "./storage.ts";

export type MediaKind = "image" | "audio";

/** The only types we take, recognised by their content, with the extension we store them under. */
const ACCEPTED: Record<string, { kind: MediaKind; ext: string; label: string }> = {
  "image/png": { kind: "image", ext: "png", label: "PNG" },
  "image/gif": { kind: "image", ext: "gif", label: "GIF" },
  "image/jpeg": { kind: "image", ext: "jpg", label: "JPEG" },
  "audio/mpeg": { kind: "audio", ext: "mp3", label: "MP3" },
};
export const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  mp3: "audio/mpeg",
  avif: "image/avif",
  webp: "image/webp",
};
/** How long an uploaded file may wait for the form that uses it before the sweep removes it. */
export const ORPHAN_GRACE_MS = 24 * 3600_000;
/** How old a temporary upload file must be before the sweep takes it for a crash's leftover. */
export const TEMP_MAX_AGE_MS = 3600_000;
/** Images given their missing variants per run of the jobs (about a third of a second of CPU each). */
export const VARIANT_RENDERS_PER_RUN = 100;
/**
 * The largest image we take, by the size its header declares (read before anything decodes it):
 * a few kilobytes can claim billions of pixels, which a decoder (a browser, an app) would allocate.
 */
export const IMAGE_MAX_SIDE = 12_000;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Bytes file-type needs to recognise these formats. */
const SNIFF_BYTES = 4100;

export interface MediaLimits {
  imageMaxBytes: number;
  audioMaxBytes: number;
}

export interface StoredMedia {
  key: string;
  kind: MediaKind;
  contentType: string;
  bytes: number;
  /** Seconds, for audio (measured from its frames). */
  duration: number | null;
  /** For audio: its loudness, null for silence (and for images). */
  loudness: Loudness | null;
}

const unsupported = () =>
  new AppError(
    "unsupported_media_type",
    "Unsupported file: upload a PNG, GIF or JPEG image, or an MP3 audio file",
  );

/**
 * The kind an uploaded part says it is, when the client does not ask for one: its Content-Type
 * (`image/*`, `audio/*`), else its file name's extension, else an image. Only what the client
 * asks for; the content must then match it.
 */
export function declaredKind(mimetype: string, filename: string): MediaKind {
  const type = mimetype.split("/")[0];
  if (type === "image" || type === "audio") return type;
  const ext = filename.slice(filename.lastIndexOf(".") + 1).toLowerCase();
  return ext === "mp3" ? "audio" : "image";
}

/** The file's last bytes show a complete image (PNG IEND chunk, JPEG end marker, GIF trailer). */
function imageComplete(tail: Buffer, ext: string): boolean {
  if (ext === "png") return tail.includes(Buffer.from("IEND"));
  if (ext === "jpg") return tail.includes(Buffer.from([0xff, 0xd9]));
  return tail.at(-1) === 0x3b; // gif
}

/** Refuses an image whose header declares no size, or one over IMAGE_MAX_SIDE / IMAGE_MAX_PIXELS. */
function checkImageSize(size: ImageSize | null, label: string) {
  if (!size) throw new AppError("bad_request", `The ${label} image does not say its size: it is damaged`);
  const { width, height } = size;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new AppError(
      "payload_too_large",
      `Images can be at most ${IMAGE_MAX_SIDE} pixels on a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels; this one is ${width} × ${height}`,
    );
  }
}

async function readTail(file: string, size: number, n = 16): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buf = Buffer.alloc(Math.min(n, size));
    await handle.read(buf, 0, buf.length, size - buf.length);
    return buf;
  } finally {
    await handle.close();
  }
}

/** Who attaches a stored file to a row: an admin any, anyone else only their own uploads. */
export interface Attacher {
  userId: string;
  role: UserRole;
}

export function createMediaService(
  storage: MediaStorage,
  limits: MediaLimits,
  db: Db,
  log: Pick<FastifyBaseLogger, "warn">,
) {
  /** Images whose variants could not be rendered (their pixels do not decode): not tried again. */
  const undecodable = new Set<string>();
  const limitFor = (kind: MediaKind) => (kind === "image" ? limits.imageMaxBytes : limits.audioMaxBytes);

  /** The larger limit: what the multipart parser lets through before we know the kind. */
  const maxBytes = Math.max(limits.imageMaxBytes, limits.audioMaxBytes);

  /**
   * Streams one uploaded file to a temporary file, recognising its type from its first bytes
   * and enforcing that type's size limit while it streams, checks it is whole, and moves it
   * into the store under a random key. On any failure nothing is left behind.
   */
  /**
   * An image's variants (image-variants.ts), rendered before the image is stored. One whose pixels
   * cannot be decoded (its header passed the checks) is kept as it is, without variants, as before.
   */
  const renderVariants = async (file: string, key: string) => {
    try {
      return await renderImageVariants(file, key, storage.tempDir, IMAGE_MAX_PIXELS);
    } catch (err) {
      log.warn({ err, key }, "could not render an image's variants; stored without them");
      return [];
    }
  };

  /** A stored file and its variants go together. */
  const deleteStored = async (key: string) => {
    for (const k of [key, ...variantKeysOf(key)]) await storage.delete(k);
  };

  const receiveFile = async (stream: Readable, expect: MediaKind): Promise<StoredMedia> => {
    await fs.promises.mkdir(storage.tempDir, { recursive: true });
    const temp = path.join(storage.tempDir, `${randomBytes(12).toString("hex")}.part`);
    const out = fs.createWriteStream(temp, { flags: "wx" });
    await once(out, "open");
    let head = Buffer.alloc(0);
    let type: (typeof ACCEPTED)[string] | undefined;
    let bytes = 0;

    const identify = async () => {
      if (head.length === 0) throw new AppError("bad_request", "The file is empty");
      // Loaded with the first upload, not at start-up.
      const { fileTypeFromBuffer } = await import("file-type");
      const found = await fileTypeFromBuffer(head);
      // An ID3 tag followed by nothing recognisable is still a would-be MP3: the frame check says why not.
      const mime = found?.mime ?? (head.toString("latin1", 0, 3) === "ID3" ? "audio/mpeg" : undefined);
      type = mime ? ACCEPTED[mime] : undefined;
      if (!type) throw unsupported();
      if (type.kind !== expect) {
        throw new AppError(
          "unsupported_media_type",
          expect === "image" ? "Upload a PNG, GIF or JPEG image" : "Upload an MP3 audio file",
        );
      }
    };
    const write = async (chunk: Buffer) => {
      const limit = limitFor(type!.kind);
      if (bytes > limit)
        throw new AppError("payload_too_large", `${type!.label} files can be at most ${formatBytes(limit)}`);
      if (!out.write(chunk)) await once(out, "drain");
    };

    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (!type) {
          head = Buffer.concat([head, chunk]);
          if (head.length < SNIFF_BYTES) continue;
          await identify();
          await write(head);
        } else {
          await write(chunk);
        }
      }
      if ((stream as { truncated?: boolean }).truncated) {
        throw new AppError("payload_too_large", `Files can be at most ${formatBytes(maxBytes)}`);
      }
      if (!type) {
        await identify();
        await write(head);
      }
      out.end();
      await once(out, "close");
      const accepted = type!;
      if (accepted.kind === "audio") {
        const check = await checkMp3(temp);
        if (!check.ok && check.problem === "no_audio") {
          throw new AppError(
            "unsupported_media_type",
            "The file has no MP3 audio in it (only a tag, or another format)",
          );
        }
        if (!check.ok) throw new AppError("bad_request", "The MP3 file is truncated: upload the whole file");
      } else {
        checkImageSize(await readImageSize(temp, accepted.ext), accepted.label);
        if (!imageComplete(await readTail(temp, bytes), accepted.ext)) {
          throw new AppError(
            "bad_request",
            `The ${accepted.label} image is truncated: upload the whole file`,
          );
        }
      }
      const facts = accepted.kind === "audio" ? await analyseAudio(temp) : null;
      const key = newMediaKey(accepted.kind, accepted.ext);
      const variants = accepted.kind === "image" ? await renderVariants(temp, key) : [];
      for (const v of variants) await storage.put(v.key, v.file, v.contentType);
      await storage.put(key, temp, CONTENT_TYPES[accepted.ext]!);
      return {
        key,
        kind: accepted.kind,
        contentType: CONTENT_TYPES[accepted.ext]!,
        bytes,
        duration: facts?.duration ?? null,
        loudness: facts?.loudness ?? null,
      };
    } catch (err) {
      if (!out.closed) {
        out.destroy();
        await once(out, "close");
      }
      stream.resume();
      await fs.promises.rm(temp, { force: true });
      if (err instanceof AppError) throw err;
      // The client went away or the multipart stream broke off.
      throw new AppError("bad_request", "The upload was interrupted before the file was complete");
    }
  };

  return {
    maxBytes,

    /**
     * The store key behind a media URL a client sends back (from POST /upload), checked to be
     * ours, of the expected kind, and present (otherwise a 400 naming the field), and to be the
     * caller's to attach: one they uploaded, the one the row already has (`current`), or any
     * for an admin (otherwise a 403 naming the field).
     */
    async keyFor(
      url: string,
      kind: MediaKind,
      field: string,
      { origin, by, current }: { origin: string; by: Attacher; current?: string | null | undefined },
    ): Promise<string> {
      const key = storage.keyFromUrl(url, origin);
      const problem = !key
        ? "must be a file uploaded to this server"
        : !key.startsWith(`${kind}/`)
          ? `must be ${kind === "image" ? "an image" : "an audio file"}`
          : !(await storage.exists(key))
            ? "points to a file that does not exist (upload it again)"
            : null;
      if (problem)
        throw new AppError("validation_failed", `${field}: ${problem}`, [{ field, message: problem }]);
      if (key !== current && !isStaff(by.role) && (await mediaUploader(db, key!)) !== by.userId) {
        const message = "is a file someone else uploaded: upload your own";
        throw new AppError("forbidden", `${field}: ${message}`, [{ field, message }]);
      }
      return key!;
    },

    /**
     * Removes stored files that no row points to and that are older than `graceMs` (an upload
     * whose form was abandoned); the grace period covers forms still being filled in.
     */
    async sweepOrphans(graceMs = ORPHAN_GRACE_MS) {
      // A variant belongs to its original: kept while the original is used, gone with it.
      const referenced = new Set([...(await referencedMediaKeys(db))].map(mediaStem));
      const cutoff = Date.now() - graceMs;
      let removed = 0;
      for await (const { key, modified } of storage.list()) {
        if (referenced.has(mediaStem(key)) || modified.getTime() > cutoff) continue;
        await storage.delete(key);
        if (isMediaKey(key)) {
          await deleteMediaFiles(db, [key]);
          removed++;
        }
      }
      return removed;
    },

    /**
     * Renders the variants an image lacks: one stored before variants existed, or one whose
     * variants a crash cut off. At most `limit` images a run (rendering takes the CPU); one whose
     * pixels cannot be decoded is left as it is and not tried again by this process. Answers how
     * many images got their variants.
     */
    async renderMissingVariants(limit = VARIANT_RENDERS_PER_RUN) {
      const stored = new Set<string>();
      for await (const { key } of storage.list()) stored.add(key);
      let rendered = 0;
      for (const key of stored) {
        if (rendered >= limit) break;
        if (!key.startsWith("image/") || !isMediaKey(key) || undecodable.has(key)) continue;
        if (variantKeysOf(key).every((variant) => stored.has(variant))) continue;
        await fs.promises.mkdir(storage.tempDir, { recursive: true });
        const original = path.join(storage.tempDir, `${randomBytes(12).toString("hex")}.part`);
        try {
          await storage.download(key, original);
          const variants = await renderVariants(original, key);
          if (variants.length === 0) undecodable.add(key);
          for (const v of variants) await storage.put(v.key, v.file, v.contentType);
          if (variants.length > 0) rendered++;
        } finally {
          await fs.promises.rm(original, { force: true });
        }
      }
      return rendered;
    },

    /**
     * Removes temporary upload files older than `maxAgeMs`: what an upload left when the server
     * died under it. Younger ones may be uploads under way, here or in another instance sharing
     * the folder.
     */
    async sweepTemporary(maxAgeMs = TEMP_MAX_AGE_MS) {
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      const names = await fs.promises.readdir(storage.tempDir).catch(() => []);
      for (const name of names) {
        const file = path.join(storage.tempDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
        await fs.promises.rm(file, { force: true });
        removed++;
      }
      return removed;
    },

    /**
     * What was measured of a stored audio file: at its upload, or now (a file stored before
     * measuring, read back from the store once and its facts kept).
     */
    async audioFacts(key: string): Promise<AudioFacts> {
      const kept = await measuredAudio(db, key);
      if (kept) return kept;
      await fs.promises.mkdir(storage.tempDir, { recursive: true });
      const copy = path.join(storage.tempDir, `${randomBytes(12).toString("hex")}.part`);
      try {
        await storage.download(key, copy);
        const facts = await analyseAudio(copy);
        await saveAudioFacts(db, key, facts);
        return facts;
      } catch (err) {
        // Missing or unreadable: kept as tried, so the backfill does not try it again each run.
        await saveAudioFacts(db, key, null);
        throw err;
      } finally {
        await fs.promises.rm(copy, { force: true });
      }
    },

    /** The uploaders of the paid contents using an audio file; null when no paid content uses it. */
    paidAudioUploaders(key: string) {
      return paidAudioUploaders(db, key);
    },

    /**
     * Removes the files a write let go of, each only when no row points to it any more (another
     * row may use the same file); a failure is logged, never thrown.
     */
    async discard(keys: (string | null | undefined)[]) {
      for (const key of new Set(keys)) {
        if (!key) continue;
        try {
          if (await mediaKeyInUse(db, key)) continue;
          await deleteStored(key);
          await deleteMediaFiles(db, [key]);
        } catch (err) {
          log.warn({ err, key }, "could not delete a media file");
        }
      }
    },

    /**
     * Receives one uploaded file into the store (see `receiveFile`) and records who uploaded it
     * (null: no account, e.g. the demo catalogue); if that record fails, the file goes again.
     */
    async receive(stream: Readable, expect: MediaKind, uploadedBy: string | null): Promise<StoredMedia> {
      const stored = await receiveFile(stream, expect);
      try {
        const { key, kind, duration, loudness } = stored;
        const facts = duration === null ? null : { duration, loudness };
        await insertMediaFile(db, { key, kind, uploadedBy, facts });
      } catch (err) {
        await deleteStored(stored.key).catch(() => undefined);
        throw err;
      }
      return stored;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The key in `file`, or undefined when there is none yet. */
function readKey(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * MEDIA_SIGNING_SECRET, or a random key made once and kept in DATA_DIR (survives restarts).
 * Instances starting together on one DATA_DIR agree on one key: each writes its key aside and
 * links it into place, which only the first link does; every instance then reads that one. No
 * instance reads a half-written file, and none fails because another was first.
 */
export function signingSecret(config: Pick<Config, "dataDir" | "media">): string {
  if (config.media.signingSecret) return config.media.signingSecret;
  const file = path.join(config.dataDir, "media-signing.key");
  const kept = readKey(file);
  if (kept) return kept;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const agreed = readKey(file);
  if (!agreed) throw new Error(`${file} is empty`);
  return agreed;
}

/** The configured store and the media service over it: the one place both are made. */
export function createMedia(config: Config, db: Db, log: Pick<FastifyBaseLogger, "warn">) {
  const secret = signingSecret(config);
  const storage = config.media.s3
    ? s3Storage(config.media.s3, path.join(config.media.dir, ".tmp"))
    : localStorage(config.media.dir, config.publicUrl, secret);
  return { storage, secret, media: createMediaService(storage, config.media, db, log) };
}
