// Types only from the schemas: the declarations load no zod, so the web's typed client (and the
// public pages and the listener app that use it) can import them without the contract's schemas.
import type { z } from "zod";
import type * as schemas from "./schemas.ts";

/**
 * Who may call an endpoint (the server's guard enforces it). `authenticated`: any signed-in user
 * (a listener); `staff`: admins and editors; `business`: a portal session of an admin of the
 * business in `:id`.
 */
export type Access = "public" | "authenticated" | "host" | "staff" | "admin" | "business";

type Schemas = typeof schemas;

/** The name of a zod schema the contract exports: declarations name their schemas. */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

/**
 * One endpoint, declared once: the server registers its route from it (method, path, schemas,
 * access, OpenAPI text) and the web calls it through the typed client. Schemas are named, not
 * imported, so a declaration is plain data.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The whole path, `:name` for a parameter, e.g. `/api/v1/user/users/:id/message`. */
  path: `/${string}`;
  access: Access;
  tags: readonly string[];
  summary: string;
  /** OpenAPI's description; the server opens it with the access (`Access: admin.`). */
  description?: string;
  params?: SchemaName;
  query?: SchemaName;
  body?: SchemaName;
  /** The answer's schema by status; none for a download (CSV, PDF) or a redirect. */
  response?: { readonly [status: number]: SchemaName };
  /**
   * The answer is the value itself, not the `{ status, message, data }` envelope: the spec fixes
   * this for `GET /users-gained-yearly` and `GET /resources-per-interest`.
   */
  bare?: boolean;
  produces?: readonly string[];
  consumes?: readonly string[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  /** A session that must set up two-factor sign-in first may call it (sign-out, the set-up). */
  duringTwoFactorSetup?: boolean;
  /** A public endpoint that reads the caller's session when one is sent. */
  readsSession?: boolean;
}

/** Declares an endpoint, keeping its literal types (path, access, schema names). */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** The schema a declaration names. */
export type SchemaOf<N> = N extends SchemaName ? Schemas[N] : never;

type Part = "params" | "query" | "body";

/** A part of the request after validation (what the server's handler reads). */
export type ReceivedPart<E extends Endpoint, P extends Part> = E[P] extends SchemaName
  ? z.output<Schemas[E[P]]>
  : undefined;

/** A part of the request as a caller sends it (what the web's typed client takes). */
export type SentPart<E extends Endpoint, P extends Part> = E[P] extends SchemaName
  ? z.input<Schemas[E[P]]>
  : undefined;

type Answers<E extends Endpoint> =
  E["response"] extends Record<number, SchemaName> ? E["response"][keyof E["response"]] : never;

/** What the handler answers: any of the declared answers, before serialisation (none: a download). */
export type AnswerOf<E extends Endpoint> = [Answers<E>] extends [never]
  ? never
  : z.input<SchemaOf<Answers<E>>>;

/** What the caller receives: the answer after serialisation (unknown for a download). */
export type ReplyOf<E extends Endpoint> = [Answers<E>] extends [never]
  ? unknown
  : z.output<SchemaOf<Answers<E>>>;
