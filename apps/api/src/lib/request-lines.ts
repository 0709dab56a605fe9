import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { redactUrl } from "./redact-url.ts";

/**
 * One log line per request (Fastify writes two: received, completed): once it is answered, with
 * its request id, method, url, status and time in ms; at error level when the answer failed.
 * Fastify's other lines (stream and write errors) stay as they are.
 *
 * A line that went well is written by the app's logger less its redaction (`plain`): its fields
 * are fixed, none an object a `*.password` or `*.token` path could reach, and its URL is already
 * redacted (redactUrl), so the redaction pino runs on every field of every entry changes nothing in
 * it and cost ~1% of a request's CPU (issue 36). The line is the same as the request's logger
 * writes it. A failed request's line (its error attached) keeps the redaction.
 */
export class OneLinePerRequest extends LogController {
  private plain: FastifyBaseLogger | undefined;

  /** The app's logger, once Fastify has made it. */
  useLogger(log: FastifyBaseLogger) {
    this.plain = log.child({}, { redact: { paths: [] } });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { method } = request;
    const url = redactUrl(request.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const msg = `${method} ${url} ${status} ${ms} ms`;
    if (error) reply.log.error({ method, url, status, ms, err: error }, msg);
    else if (this.plain) this.plain.info({ reqId: request.id, method, url, status, ms }, msg);
    else reply.log.info({ method, url, status, ms }, msg);
  }
}
