import fp from "fastify-plugin";
import { acceptedEncoding, compress } from "../lib/compression.ts";
import type { App } from "./types.ts";

/** Below this size compression saves less than it costs. */
const MIN_BYTES = 1024;

/** Under MIN_BYTES in UTF-8: counted only when it may be (a string has at least as many bytes as UTF-16 units). */
const tooSmall = (payload: string) => payload.length < MIN_BYTES && Buffer.byteLength(payload) < MIN_BYTES;

/**
 * Sends the API's JSON answers over a kilobyte compressed (Brotli or gzip, as the client accepts):
 * a listener's home is a dozen kilobytes of JSON that a phone otherwise reads whole. Only JSON:
 * media files, uploads and the web app's files (compressed at build time) pass as they are.
 * Quick settings: the answers are made per request, not once like the web build's files. A callback
 * hook, not an async one: the many answers it leaves as they are pass on at once, without a promise.
 */
async function compressJson(app: App) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      typeof payload !== "string" ||
      tooSmall(payload) ||
      reply.hasHeader("content-encoding") ||
      !String(reply.getHeader("content-type") ?? "").startsWith("application/json")
    )
      return done(null, payload);
    const vary = reply.getHeader("vary");
    reply.header("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    reply.header("Content-Encoding", encoding);
    reply.removeHeader("content-length");
    compress(payload, encoding, "quick").then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}

export const compressJsonPlugin = fp(compressJson, { name: "serene-compress-json", fastify: "5.x" });
