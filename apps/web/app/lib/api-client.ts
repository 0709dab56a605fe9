// Types only: the public pages use this client too, and must not load zod (or the contract's schemas);
// endpoint declarations are plain data (they name their schemas), so callers import them freely.
import type { Endpoint, ErrorEnvelope, ReplyOf, SentPart } from "@serene/contract";
import { clearToken, LOGIN_PATH, readToken } from "./auth-token";

export const API_BASE = "/api/v1";

export type FieldError = NonNullable<ErrorEnvelope["errors"]>[number];

/** A failed call: the server's message and code, or a stand-in when the server could not answer. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string;
  /** HTTP status; 0 when the request never reached the server. */
  readonly httpStatus: number;
  readonly fieldErrors: FieldError[];
  readonly requestId: string | undefined;
  /** A sign-in's second step (`two_factor_required`): the challenge to send back with the code. */
  readonly challenge: string | undefined;

  constructor(
    message: string,
    details: {
      code: string;
      httpStatus: number;
      fieldErrors?: FieldError[];
      requestId?: string;
      challenge?: string;
    },
  ) {
    super(message);
    this.code = details.code;
    this.httpStatus = details.httpStatus;
    this.fieldErrors = details.fieldErrors ?? [];
    this.requestId = details.requestId;
    this.challenge = details.challenge;
  }

  /** The per-field problems as a form's errors: field name -> message. */
  fieldMessages(): Record<string, string> {
    return Object.fromEntries(this.fieldErrors.map(({ field, message }) => [field, message]));
  }
}

/** Anything that validates an answer, such as the zod schemas in @serene/contract. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as the query string; undefined and empty values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON; a FormData is sent as it is (multipart, its boundary set by the browser). */
  body?: unknown;
  /** Validates and types the success answer. */
  schema: ResponseSchema<T>;
  signal?: AbortSignal;
  /** The answer of this very request, already sent (the listener app's early reads). */
  sent?: Promise<Response>;
  /** More request headers (the listener app's X-App-Platform and X-Device-Name). */
  headers?: Record<string, string>;
  /**
   * Sent instead of the stored token, for a session that is not stored (yet); null sends none,
   * so the httpOnly session cookie alone speaks (the listener app at /listen).
   */
  token?: string | null;
  /**
   * A 401 normally means the session ended: the token is dropped and the browser goes to the
   * sign-in page. Sign-in and sign-out handle their own 401 and turn this off.
   */
  redirectOnUnauthorized?: boolean;
  /**
   * The answer is the bare value, not the `{status, message, data}` envelope: the spec fixes
   * this for `GET /users-gained-yearly` and `GET /resources-per-interest`. Errors still come
   * in the envelope.
   */
  bare?: boolean;
}

/** Calls the API (`/api/v1` + path) and returns its success envelope, or throws an ApiError. */
export function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return request(`${API_BASE}${path}`, options);
}

/** A request's parts an endpoint declares: params when its path has some, its query, its body. */
export type EndpointInput<E extends Endpoint> = (E["params"] extends string
  ? { params: SentPart<E, "params"> }
  : { params?: never }) &
  (E["query"] extends string
    ? object extends SentPart<E, "query">
      ? { query?: SentPart<E, "query"> }
      : { query: SentPart<E, "query"> }
    : { query?: never }) &
  (E["body"] extends string
    ? object extends SentPart<E, "body">
      ? { body?: SentPart<E, "body"> | Multipart<E> }
      : { body: SentPart<E, "body"> | Multipart<E> }
    : E["consumes"] extends readonly string[]
      ? { body: FormData }
      : { body?: never });

/** A FormData when the endpoint takes a multipart body too (`consumes`), beside its JSON body. */
type Multipart<E extends Endpoint> = E["consumes"] extends readonly string[] ? FormData : never;

/** How to call, beside the endpoint's own parts. */
export type CallOptions = Pick<
  RequestOptions<unknown>,
  "signal" | "sent" | "headers" | "token" | "redirectOnUnauthorized"
>;

/**
 * Calls an endpoint declared in the contract (`endpoints.users.list`): its method, its path with
 * the params filled in, the query and body; answers its reply, typed by the declaration's
 * response schema (not checked again here: the server sends it through that schema).
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> & CallOptions,
): Promise<ReplyOf<E>> {
  const { params, query, ...options } = input as EndpointInput<Endpoint> & CallOptions;
  return request(endpointUrl(endpoint, { params, query }), {
    ...options,
    method: endpoint.method,
    schema: replyOf(endpoint),
    bare: endpoint.bare,
  });
}

/**
 * An endpoint's reply, typed by its declaration's response schema and not checked again here (the
 * server sends it through that schema): for a call made another way, such as `postForm`'s upload.
 */
export function replyOf<E extends Endpoint>(_endpoint: E): ResponseSchema<ReplyOf<E>> {
  return { parse: (payload) => payload as ReplyOf<E> };
}

/**
 * An endpoint's address: its path with each `:name` replaced by the encoded param, and the query
 * string. Also the link of a download (a CSV export), which the browser fetches with the cookie.
 */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  { params, query }: Pick<EndpointInput<E>, "params" | "query">,
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`${endpoint.path} needs the param ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(query as QueryValues)}`;
}

async function request<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const {
    method = "GET",
    query,
    body,
    schema,
    signal,
    redirectOnUnauthorized = true,
    bare = false,
  } = options;
  const headers = new Headers({ ...options.headers, Accept: "application/json" });
  const authorization = authorizationHeader(options.token);
  if (authorization) headers.set("Authorization", authorization);
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set("Content-Type", "application/json");

  let response: Response;
  try {
    response = await (options.sent ??
      fetch(`${url}${queryString(query)}`, {
        method,
        headers,
        body: body === undefined || multipart ? body : JSON.stringify(body),
        credentials: "same-origin",
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const payload: unknown = await response.json().catch(() => undefined);
  return readAnswer(response.status, payload, schema, redirectOnUnauthorized, bare);
}

/** One page of a list: its items (the answer's `data`) and its `meta` (paging, counts). */
export interface ListPage<T, M> {
  items: T[];
  meta: M;
}

/**
 * Calls a list (`{ status, message, data: [...], meta }`) and returns its items and meta: the
 * one place that unwraps the list envelope.
 */
export async function apiList<T, M>(
  path: string,
  options: RequestOptions<{ data: T[]; meta: M }>,
): Promise<ListPage<T, M>> {
  const { data, meta } = await apiRequest(path, options);
  return { items: data, meta };
}

/** The page a list endpoint answers (`callList`): its items and meta, typed by its declaration. */
export type ListPageOf<E extends Endpoint> =
  ReplyOf<E> extends { data: (infer T)[]; meta: infer M } ? ListPage<T, M> : never;

/** Calls a list endpoint and returns its items and meta, the list envelope unwrapped as `apiList` does. */
export async function callList<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> & CallOptions,
): Promise<ListPageOf<E>> {
  const { data, meta } = (await callEndpoint(endpoint, input)) as { data: unknown[]; meta: unknown };
  return { items: data, meta } as ListPageOf<E>;
}

type QueryValue = string | number | boolean | null | undefined;
type QueryValues = Record<string, QueryValue | readonly QueryValue[]> | undefined;

/** The query string: undefined, null and empty values left out; a list repeats its name. */
function queryString(query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [name, given] of Object.entries(query ?? {})) {
    for (const value of [given].flat()) {
      if (value !== undefined && value !== null && value !== "") params.append(name, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** `Bearer <token>` for the stored session (or the given token); undefined when signed out. */
export function authorizationHeader(token: string | null = readToken()): string | undefined {
  return token ? `Bearer ${token}` : undefined;
}

/** The error of a request that never reached the server. */
export function networkError(): ApiError {
  return new ApiError("Could not reach the server. Check your connection and try again.", {
    code: "network_error",
    httpStatus: 0,
  });
}

/**
 * An answer's success envelope, validated by `schema`, or an ApiError. A 401 ends the session
 * (see `redirectOnUnauthorized`). Shared by fetch calls and XMLHttpRequest uploads. A `bare`
 * answer is any 2xx body; the schema alone checks it.
 */
export function readAnswer<T>(
  httpStatus: number,
  payload: unknown,
  schema: ResponseSchema<T>,
  redirectOnUnauthorized = true,
  bare = false,
): T {
  if (httpStatus === 401 && redirectOnUnauthorized) {
    clearToken();
    window.location.replace(LOGIN_PATH);
  }
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (!ok || (!bare && !isSuccessEnvelope(payload))) {
    throw toApiError(payload, httpStatus);
  }
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError("The server sent an answer this page does not understand.", {
      code: "invalid_response",
      httpStatus,
    });
  }
}

function isSuccessEnvelope(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && "status" in payload && payload.status === true;
}

function toApiError(payload: unknown, httpStatus: number): ApiError {
  if (isErrorEnvelope(payload)) {
    const { message, code, errors, requestId, challenge } = payload;
    return new ApiError(message, { code, httpStatus, fieldErrors: errors, requestId, challenge });
  }
  return new ApiError(`Something went wrong (HTTP ${httpStatus}). Please try again.`, {
    code: "unexpected_response",
    httpStatus,
  });
}

/** The error envelope (`errorEnvelopeSchema` in @serene/contract), checked by hand to keep zod out. */
function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  if (typeof payload !== "object" || payload === null) return false;
  const { status, message, code, errors, requestId, challenge } = payload as Record<string, unknown>;
  const isText = (value: unknown) => typeof value === "string";
  const isFieldError = (item: unknown) =>
    typeof item === "object" &&
    item !== null &&
    isText((item as Record<string, unknown>).field) &&
    isText((item as Record<string, unknown>).message);
  return (
    status === false &&
    isText(message) &&
    isText(code) &&
    (errors === undefined || (Array.isArray(errors) && errors.every(isFieldError))) &&
    (requestId === undefined || isText(requestId)) &&
    (challenge === undefined || isText(challenge))
  );
}
