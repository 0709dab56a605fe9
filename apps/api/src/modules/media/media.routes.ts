import { once } from "node:events";
import fs from "node:fs";
import type { Readable } from "node:stream";
import send from "@fastify/send";
import { isStaff, MEDIA_ROUTE_PREFIX, mediaEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { formatBytes } from "../../lib/bytes.ts";
import type { MediaService } from "./media.service.ts";
import type { MediaKind, StoredMedia } from "./receive-file.ts";
import { CONTENT_TYPES, declaredKind } from "./receive-file.ts";
import { PooledFileStream, READ_CHUNK_BYTES } from "./file-stream.ts";
import type { MediaStorage } from "./storage.ts";
import { isStoredKey, validSignature } from "./storage.ts";
import { ok } from "../../lib/reply.ts";

/** Past this much unread body, a refused upload closes the connection instead of reading the rest. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * After refusing a file from its first bytes, reads the rest of the request before answering:
 * browsers send the whole body before they read the answer, so one that is no longer read
 * would hang. A very large remainder closes the connection instead.
 */
async function finishReading(request: FastifyRequest, reply: FastifyReply) {
  if (Number(request.headers["content-length"] ?? 0) > MAX_DRAIN_BYTES) {
    reply.header("Connection", "close");
    return;
  }
  // The multipart parser stopped with the refused file: read the raw body past it and drop it.
  request.raw.unpipe();
  request.raw.resume();
  if (request.raw.readableEnded) return;
  await Promise.race([
    once(request.raw, "end"),
    new Promise((resolve) => setTimeout(resolve, 30_000).unref()),
  ]);
}

const ONE_FILE = "send exactly one file, in the field `file`";

/** Text fields the spec's client still sends beside the file, from its Cloudinary days: read and ignored. */
const IGNORED_FIELDS = new Set(["upload_preset", "cloud_name", "folder"]);

/**
 * The one part named `file` of a multipart upload, received into the store; any other part
 * (another field, a second file) or a body that is not well-formed multipart is a 400, and
 * whatever was stored for the request is removed again. The Cloudinary text fields
 * (`IGNORED_FIELDS`) may come before or after the file. A body that arrives slower than the
 * upload pace is a 408 (`upload_too_slow`), its partial file removed.
 */
async function receiveOnePart(
  request: FastifyRequest,
  media: MediaService,
  kind: MediaKind | undefined,
  uploaderId: string,
) {
  let stored: StoredMedia | undefined;
  /** The file part being received, if any: a stall ends it. */
  let receiving: Readable | undefined;
  let stalled!: (err: AppError) => void;
  const stall = new Promise<never>((_, reject) => {
    stalled = reject;
  });
  const limits = { fileSize: media.maxBytes + 1, parts: 20 };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  // The body's pace is watched for every request (plugins/body-pace.ts): a stall ends the file here.
  request.onBodyStall = (err) => {
    receiving?.destroy(err);
    stalled(err);
  };
  try {
    for (;;) {
      const item = await Promise.race([parts.next(), stall]);
      if (item.done) break;
      const part = item.value;
      if (part.type === "field" && IGNORED_FIELDS.has(part.fieldname)) continue;
      if (part.fieldname !== "file") {
        throw new AppError("bad_request", `Unexpected field \`${part.fieldname}\`: ${ONE_FILE}`);
      }
      if (stored) throw new AppError("bad_request", `A second file: ${ONE_FILE}`);
      if (part.type !== "file")
        throw new AppError("bad_request", `The field \`file\` must be a file: ${ONE_FILE}`);
      receiving = part.file;
      stored = await media.receive(part.file, kind ?? declaredKind(part.mimetype, part.filename), uploaderId);
      receiving = undefined;
    }
  } catch (err) {
    if (stored) await media.discard([stored.key]);
    if (err instanceof AppError) throw err;
    throw new AppError("bad_request", `The multipart body could not be read: ${ONE_FILE}`);
  } finally {
    request.onBodyStall = null;
  }
  if (!stored) throw new AppError("bad_request", "No file in the request: send it in the field `file`");
  return stored;
}

/**
 * Reads the one file of a multipart request (field `file`) and stores it, checked by content,
 * as `uploaderId`'s upload, the signed-in caller (POST /upload and the app's POST /app/uploads).
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaService,
  kind: MediaKind | undefined,
  uploaderId: string,
): Promise<StoredMedia> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > media.maxBytes + 64 * 1024) {
    throw new AppError("payload_too_large", `Files can be at most ${formatBytes(media.maxBytes)}`);
  }
  if (!request.isMultipart())
    throw new AppError("bad_request", "Send the file as multipart/form-data in the field `file`");
  try {
    return await receiveOnePart(request, media, kind, uploaderId);
  } catch (err) {
    // A stalled upload is not waited for: the answer goes out and the connection closes.
    if (err instanceof AppError && err.code === "upload_too_slow") {
      request.raw.unpipe();
      reply.header("Connection", "close");
    } else {
      await finishReading(request, reply);
    }
    throw err;
  }
}

/** POST /upload: one file per request, as a multipart stream. */
export async function uploadRoutes(
  app: App,
  { media, storage }: { media: MediaService; storage: MediaStorage },
) {
  route(app, mediaEndpoints.upload, async (request, reply) => {
    const stored = await receiveUpload(request, reply, media, request.query.kind, request.auth.userId);
    const url = storage.url(stored.key, request.origin);
    return ok("File uploaded", {
      secure_url: url,
      key: stored.key,
      kind: stored.kind,
      contentType: stored.contentType,
      bytes: stored.bytes,
      duration: stored.duration,
      durationSeconds: stored.duration === null ? null : Math.round(stored.duration),
      loudness: stored.loudness,
    });
  });
}

const YEAR_MS = 365 * 24 * 3600_000;

/**
 * GET/HEAD /media/<key> from local disk: Range (206, suffix ranges, 416), ETag and
 * Last-Modified (304, 412), a year of immutable caching (keys never change content), and the
 * content type of the stored extension (nosniff comes with every answer). Only well-formed keys
 * are served, so temporary and hidden files never are. The audio of paid content is served only
 * with a valid signature (`exp`, `sig`: POST /app/resources/:id/stream) or to an admin or its
 * uploader, and is never cached publicly. Behind nginx (MEDIA_ACCEL_REDIRECT) the route only
 * authorises, and nginx sends the bytes.
 */
export async function mediaFileRoutes(
  app: App,
  {
    dir,
    secret,
    media,
    accelRedirect,
  }: { dir: string; secret: string; media: MediaService; accelRedirect?: string | undefined },
) {
  fs.mkdirSync(dir, { recursive: true });
  app.route({
    method: ["GET", "HEAD"],
    url: `${MEDIA_ROUTE_PREFIX}*`,
    // Staff, and a paid audio's uploader, play it with their own session, without a signed URL.
    config: { access: "public", readsSession: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      if (!isStoredKey(key)) return reply.callNotFound();
      // A stream link opens its audio without reading the database (the hot path of every play).
      // It is personal and expires, so its answer is never cached publicly.
      const { exp, sig } = request.query as Record<string, unknown>;
      const signed = key.startsWith("audio/") && validSignature(secret, key, exp, sig);
      const uploaders = key.startsWith("audio/") && !signed ? await media.paidAudioUploaders(key) : null;
      if (uploaders) {
        const auth = request.auth;
        const allowed = auth !== null && (isStaff(auth.role) || uploaders.includes(auth.userId));
        if (!allowed) throw new AppError("forbidden", "This audio needs a stream link: ask the app for one");
      }
      const cacheControl = signed || uploaders ? "private, no-store" : "public, max-age=31536000, immutable";
      // Behind nginx: authorised here, the bytes (with Range) come from nginx's internal location.
      if (accelRedirect) {
        return reply
          .header("X-Accel-Redirect", `${accelRedirect}${key}`)
          .header("Cache-Control", cacheControl)
          .send();
      }
      const sent = await send(request.raw, key, {
        root: dir,
        dotfiles: "deny",
        index: false,
        contentType: false,
        maxAge: YEAR_MS,
        immutable: true,
        highWaterMark: READ_CHUNK_BYTES,
      });
      if (sent.type !== "file") {
        if (sent.type === "error" && sent.statusCode !== 404) {
          // 416 says how long the file is (Content-Range: bytes */<size>).
          const contentRange = sent.headers["Content-Range"];
          if (contentRange) reply.header("Content-Range", contentRange);
          return reply.send(sent.metadata.error);
        }
        return reply.callNotFound();
      }
      reply.code(sent.statusCode).headers(sent.headers).header("Cache-Control", cacheControl);
      if (sent.statusCode !== 304)
        reply.header("Content-Type", CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)]);
      // The bytes (whole or a range) from reused buffers instead of send's own read stream.
      if (sent.stream instanceof fs.ReadStream) {
        sent.stream.destroy();
        const start = Number(/^bytes (\d+)-/.exec(String(sent.headers["Content-Range"] ?? ""))?.[1] ?? 0);
        const end = start + Number(sent.headers["Content-Length"]) - 1;
        return reply.send(new PooledFileStream(sent.metadata.path, start, end));
      }
      return reply.send(sent.stream);
    },
  });
}
