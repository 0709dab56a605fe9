import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { formatBytes } from "../lib/bytes.ts";
import { AppError } from "../lib/errors.ts";
import type { App } from "./types.ts";

/** A request body must bring at least `minBytesPerSecond` over any `stallMs`, or it is dropped. */
export interface BodyPace {
  minBytesPerSecond: number;
  stallMs: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Set by a route that reads its body itself (an upload, to remove its partial file): called
     * instead of the default answer when the body stalls.
     */
    onBodyStall: ((err: AppError) => void) | null;
  }
}

/** The stall window is watched in this many slices (so a stall is seen within a tenth of it). */
const PACE_SLICES = 10;

const tooSlow = ({ minBytesPerSecond, stallMs }: BodyPace) =>
  new AppError(
    "upload_too_slow",
    `The request was too slow (under ${formatBytes(minBytesPerSecond)}/s for ${stallMs / 1000} s) and was dropped: try again on a better connection`,
  );

/** Whether a body follows the request's head. */
const hasBody = (raw: IncomingMessage) =>
  Number(raw.headers["content-length"] ?? 0) > 0 || raw.headers["transfer-encoding"] !== undefined;

/**
 * Counts the bytes arriving on the request's connection in slices of the stall window and calls
 * `onStall` once when a whole window brought less than the pace asks, until the body has all
 * arrived (or the request is gone). Reads nothing itself, so it may start before anyone reads.
 */
function watchPace(raw: IncomingMessage, pace: BodyPace, onStall: () => void) {
  const slices: number[] = [];
  let seen = raw.socket.bytesRead;
  const stop = () => {
    clearInterval(timer);
    raw.off("end", stop);
    raw.off("close", stop);
  };
  const timer = setInterval(() => {
    if (raw.complete || raw.socket.destroyed) return stop();
    const now = raw.socket.bytesRead;
    slices.push(now - seen);
    seen = now;
    if (slices.length > PACE_SLICES) slices.shift();
    const inWindow = slices.reduce((sum, n) => sum + n, 0);
    if (slices.length === PACE_SLICES && inWindow < (pace.minBytesPerSecond * pace.stallMs) / 1000) {
      stop();
      onStall();
    }
  }, pace.stallMs / PACE_SLICES);
  timer.unref();
  raw.once("end", stop);
  raw.once("close", stop);
}

/**
 * Every request body, JSON, form, CSV or file, must keep `pace` (UPLOAD_MIN_BYTES_PER_SECOND over
 * UPLOAD_STALL_SECONDS): a slower one is answered 408 `upload_too_slow` and its connection closed,
 * so a trickling client cannot hold a connection until the request timeout.
 */
async function bodyPace(app: App, { pace }: { pace: BodyPace }) {
  app.decorateRequest("onBodyStall", null);
  app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done) => {
    const raw = request.raw;
    if (hasBody(raw) && !raw.complete)
      watchPace(raw, pace, () => {
        const err = tooSlow(pace);
        if (request.onBodyStall) return request.onBodyStall(err);
        if (reply.sent) return;
        reply.header("Connection", "close");
        void reply.send(err);
      });
    done();
  });
}

export const bodyPacePlugin = fp(bodyPace, { name: "serene-body-pace", fastify: "5.x" });
