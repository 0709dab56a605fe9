import { type ErrorCode, type ErrorEnvelope, MEDIA_ROUTE_PREFIX } from "@serene/contract";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { missingReference } from "../lib/db-errors.ts";
import { AppError, type FieldError, TwoFactorRequired, unauthenticated } from "../lib/errors.ts";
import type { App } from "./types.ts";

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorEnvelope, "status" | "requestId">,
) {
  return reply.status(status).send({ status: false, ...body, requestId: request.id });
}

function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "request";
}

/** Maps Fastify's own errors (body parser, limits) to our codes. */
const fastifyCodes: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: "bad_request", message: "The request could not be read" },
  413: { code: "payload_too_large", message: "The request body is too large" },
  414: { code: "uri_too_long", message: "The address is too long" },
  415: { code: "unsupported_media_type", message: "Unsupported content type" },
  429: { code: "rate_limited", message: "Too many requests, please try again later" },
};

/** Router errors, answered before any hook runs: their own words, not the router's (which echo the path). */
const routerMessages: Record<string, string> = {
  FST_ERR_BAD_URL: "The address is not a valid URL",
  FST_ERR_MAX_PARAM_LENGTH: "The address is too long",
};

/**
 * The one error handler: every failure answers the envelope with a stable code; 5xx details stay
 * in the log. Register first: a context created before it keeps Fastify's default handler.
 */
export const errorHandlerPlugin = fp(
  async (app: App) => {
    app.setErrorHandler(handleError);
  },
  { name: "serene-error-handler", fastify: "5.x" },
);

/**
 * Fastify's `frameworkErrors`: errors the router raises before a request reaches a route or a
 * hook (a malformed or over-long path) answer the same envelope, with the request id.
 */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header("x-request-id", request.id);
  const message = routerMessages[err.code];
  return handleError(message ? Object.assign(err, { message }) : err, request, reply);
}

function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return send(reply, request, err.statusCode, {
      message: err.message,
      code: err.code,
      ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
      ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
      ...(err instanceof TwoFactorRequired ? { challenge: err.challenge } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: FieldError[] = err.validation.map((v) => ({
      field: fieldName(err.validationContext, v.instancePath),
      message: v.message ?? "is invalid",
    }));
    const message = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
    return send(reply, request, 400, { message, code: "validation_failed", errors });
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause.issues }, "response does not match its schema");
    return send(reply, request, 500, {
      message: "Something went wrong on our side",
      code: "internal_error",
    });
  }
  if (err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError) {
    return send(reply, request, 400, {
      message: "The request body is not valid JSON",
      code: "invalid_json",
    });
  }
  // The caller's account was deleted while the request ran (its session checked, its write refused).
  const missing = missingReference(err);
  if (missing?.table === "users" && missing.key === request.auth?.userId) {
    return handleError(unauthenticated() as FastifyError, request, reply);
  }
  const status = err.statusCode ?? 500;
  const known = fastifyCodes[status];
  if (status < 500 && known) {
    return send(reply, request, status, { message: err.message || known.message, code: known.code });
  }
  if (status < 500) {
    return send(reply, request, status, { message: err.message, code: "bad_request" });
  }
  request.log.error({ err }, "request failed");
  return send(reply, request, 500, { message: "Something went wrong on our side", code: "internal_error" });
}

/** Paths answered with the JSON 404 envelope rather than the web app's 404 page. */
export const isApiPath = (url: string) =>
  url === "/api" || url.startsWith("/api/") || url.startsWith(MEDIA_ROUTE_PREFIX);

/** JSON 404 envelope for unknown API paths and missing media files. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith(MEDIA_ROUTE_PREFIX)) {
    return send(reply, request, 404, { message: "Media file not found", code: "not_found" });
  }
  return send(reply, request, 404, {
    message: `No API route ${request.method} ${request.url.split("?")[0]}`,
    code: "route_not_found",
  });
}
