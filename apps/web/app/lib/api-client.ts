import { type ErrorEnvelope, errorEnvelopeSchema } from "@serene/contract";
import { clearToken, LOGIN_PATH, readToken } from "./auth-token";

const API_BASE = "/api/v1";

export type FieldError = NonNullable<ErrorEnvelope["errors"]>[number];

/** A failed call: the server's message and code, or a stand-in when the server could not answer. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string;
  /** HTTP status; 0 when the request never reached the server. */
  readonly httpStatus: number;
  readonly fieldErrors: FieldError[];
  readonly requestId: string | undefined;

  constructor(
    message: string,
    details: { code: string; httpStatus: number; fieldErrors?: FieldError[]; requestId?: string },
  ) {
    super(message);
    this.code = details.code;
    this.httpStatus = details.httpStatus;
    this.fieldErrors = details.fieldErrors ?? [];
    this.requestId = details.requestId;
  }
}

/** Anything that validates an answer, such as the zod schemas in @serene/contract. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Validates and types the success answer. */
  schema: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Sent instead of the stored token, for a session that is not stored (yet). */
  token?: string;
  /**
   * A 401 normally means the session ended: the token is dropped and the browser goes to the
   * sign-in page. Sign-in and sign-out handle their own 401 and turn this off.
   */
  redirectOnUnauthorized?: boolean;
}

/** Calls the API (`/api/v1` + path) and returns its success envelope, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = "GET", body, schema, signal, redirectOnUnauthorized = true } = options;
  const token = options.token ?? readToken();
  const headers = new Headers({ Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("Could not reach the server. Check your connection and try again.", {
      code: "network_error",
      httpStatus: 0,
    });
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (response.status === 401 && redirectOnUnauthorized) {
    clearToken();
    window.location.replace(LOGIN_PATH);
  }
  if (!response.ok || !isSuccessEnvelope(payload)) {
    throw toApiError(payload, response.status);
  }
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError("The server sent an answer this page does not understand.", {
      code: "invalid_response",
      httpStatus: response.status,
    });
  }
}

function isSuccessEnvelope(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && "status" in payload && payload.status === true;
}

function toApiError(payload: unknown, httpStatus: number): ApiError {
  const envelope = errorEnvelopeSchema.safeParse(payload);
  if (envelope.success) {
    const { message, code, errors, requestId } = envelope.data;
    return new ApiError(message, { code, httpStatus, fieldErrors: errors, requestId });
  }
  return new ApiError(`Something went wrong (HTTP ${httpStatus}). Please try again.`, {
    code: "unexpected_response",
    httpStatus,
  });
}
