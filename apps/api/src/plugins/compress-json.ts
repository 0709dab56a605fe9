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
 * Quick settings: the answers are made per request, not once like the web build's files.
 */
async function compressJson(app: App) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" || tooSmall(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    const vary = reply.getHeader("vary");
    reply.header("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("Content-Encoding", encoding);
    reply.removeHeader("content-length");
    return compress(payload, encoding, "quick");
  });
}

export const compressJsonPlugin = fp(compressJson, { name: "serene-compress-json", fastify: "5.x" });
