/**
 * One upload into the store: its type recognised from its first bytes, held to that type's size
 * limit while it streams, checked whole (and an image's declared size), measured (audio) or given
 * its variants (images), then stored under a random key. On any failure nothing is left behind.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { formatBytes } from "../../lib/bytes.ts";
import { AppError } from "../../lib/errors.ts";
import { type ImageSize, readImageSize } from "./image-size.ts";
import { analyseAudio } from "./audio-analysis.ts";
import type { Loudness } from "./loudness.ts";
import { checkMp3 } from "./mp3.ts";
import { renderImageVariants } from "./image-variants.ts";
import { type MediaStorage, newMediaKey } from "./storage.ts";

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

/** A new temporary file's path in the store's temporary folder (made when missing). */
export async function newTempFile(storage: MediaStorage) {
  await fs.promises.mkdir(storage.tempDir, { recursive: true });
  return path.join(storage.tempDir, `${randomBytes(12).toString("hex")}.part`);
}

/** Receives uploads into `storage` within `limits`; `renderVariants` is also the jobs' (missing variants). */
export function createReceiver(
  storage: MediaStorage,
  limits: MediaLimits,
  log: Pick<FastifyBaseLogger, "warn">,
) {
  const limitFor = (kind: MediaKind) => (kind === "image" ? limits.imageMaxBytes : limits.audioMaxBytes);

  /** The larger limit: what the multipart parser lets through before we know the kind. */
  const maxBytes = Math.max(limits.imageMaxBytes, limits.audioMaxBytes);
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

  /**
   * Streams one uploaded file to a temporary file, recognising its type from its first bytes
   * and enforcing that type's size limit while it streams, checks it is whole, and moves it
   * into the store under a random key. On any failure nothing is left behind.
   */
  const receiveFile = async (stream: Readable, expect: MediaKind): Promise<StoredMedia> => {
    const temp = await newTempFile(storage);
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

  return { maxBytes, renderVariants, receiveFile };
}
