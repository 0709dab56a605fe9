import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { isStaff, type UserRole } from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config/env.ts";
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
import { type AudioFacts, analyseAudio } from "./audio-analysis.ts";
import { mediaStem, variantKeysOf } from "./image-variants.ts";
import {
  createReceiver,
  type MediaKind,
  type MediaLimits,
  newTempFile,
  type StoredMedia,
} from "./receive-file.ts";
import { signingSecret } from "./signing-secret.ts";
import { isMediaKey, localStorage, type MediaStorage, s3Storage } from "./storage.ts";

/** How long an uploaded file may wait for the form that uses it before the sweep removes it. */
export const ORPHAN_GRACE_MS = 24 * 3600_000;
/** How old a temporary upload file must be before the sweep takes it for a crash's leftover. */
export const TEMP_MAX_AGE_MS = 3600_000;
/** Images given their missing variants per run of the jobs (about a third of a second of CPU each). */
export const VARIANT_RENDERS_PER_RUN = 100;

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
  const { maxBytes, renderVariants, receiveFile } = createReceiver(storage, limits, log);

  /** A stored file and its variants go together. */
  const deleteStored = async (key: string) => {
    for (const k of [key, ...variantKeysOf(key)]) await storage.delete(k);
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
        const original = await newTempFile(storage);
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
      const copy = await newTempFile(storage);
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
/** The configured store and the media service over it: the one place both are made. */
export function createMedia(config: Config, db: Db, log: Pick<FastifyBaseLogger, "warn">) {
  const secret = signingSecret(config);
  const storage = config.media.s3
    ? s3Storage(config.media.s3, path.join(config.media.dir, ".tmp"))
    : localStorage(config.media.dir, config.publicUrl, secret);
  return { storage, secret, media: createMediaService(storage, config.media, db, log) };
}
