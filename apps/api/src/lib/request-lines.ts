import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type DestinationStream } from "pino";
import { redactUrl } from "./redact-url.ts";

const INFO = 30;

/**
 * One log line per request (Fastify writes two: received, completed): once it is answered, with
 * its request id, method, url, status and time in ms; at error level when the answer failed.
 * Fastify's other lines (stream and write errors) stay as they are.
 *
 * A line that went well is written here, to the app's logger's destination, exactly as its logger
 * would write it (`requestLine`; request-lines.test.ts compares the two): its fields are fixed, none
 * an object a `*.password` or `*.token` path could reach, and its URL is already redacted
 * (redactUrl), so pino's work on every entry (its redaction, serializers, key by key) changes
 * nothing in it and cost ~1-2% of the users list's CPU per request (issue 36). A failed request's
 * line (its error attached) goes through the logger, with its redaction.
 */
export class OneLinePerRequest extends LogController {
  /** The logger's destination and what it writes after the time of every line (pid, hostname). */
  private out: { stream: DestinationStream; bindings: string } | undefined;

  /** The app's logger, once Fastify has made it: a pino logger writing info lines, or none (silent). */
  useLogger(log: FastifyBaseLogger) {
    const fields = log as unknown as Record<symbol, unknown>;
    const stream = fields[pino.symbols.streamSym] as DestinationStream | undefined;
    const info = (log as Partial<pino.Logger>).isLevelEnabled?.("info") ?? false;
    this.out =
      stream && info ? { stream, bindings: String(fields[pino.symbols.chindingsSym] ?? "") } : undefined;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { method } = request;
    const url = redactUrl(request.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const msg = `${method} ${url} ${status} ${ms} ms`;
    if (error) reply.log.error({ method, url, status, ms, err: error }, msg);
    else if (this.out)
      this.out.stream.write(requestLine(this.out.bindings, request.id, method, url, status, ms, msg));
  }
}

/** The JSON line pino writes for a request that went well (`bindings`: the logger's own fields). */
const requestLine = (
  bindings: string,
  reqId: string,
  method: string,
  url: string,
  status: number,
  ms: number,
  msg: string,
) =>
  `{"level":${INFO},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":${JSON.stringify(msg)}}\n`;
