import * as contract from "@serene/contract";
import type { Access, AnswerOf, Endpoint, ReceivedPart } from "@serene/contract";
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from "fastify";
import { type CsvColumns, sendCsv } from "../lib/csv.ts";
import { pageMeta } from "../lib/paging.ts";
import { listReply } from "../lib/reply.ts";
import type { App, AuthOf } from "./types.ts";

/** The first line of every operation's OpenAPI description: who may call it. */
export const ACCESS_LINE: Record<Access, string> = {
  public: "Access: public.",
  authenticated: "Access: listener.",
  host: "Access: host.",
  staff: "Access: admin. Editors too.",
  admin: "Access: admin.",
  business: "Access: business admin.",
};

/**
 * The request of an endpoint's handler: params, query and body as its schemas parse them, and
 * `request.auth` as its access makes it (never null where a session is needed: `AuthOf`).
 */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<
  {
    Params: ReceivedPart<E, "params">;
    Querystring: ReceivedPart<E, "query">;
    Body: ReceivedPart<E, "body">;
  },
  RawServerDefault,
  RawRequestDefaultExpression,
  FastifySchema,
  FastifyTypeProviderDefault,
  { access: E["access"] }
>;

/** Answers one of the endpoint's declared replies, or sends its own (a download, a redirect). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerOf<E> | FastifyReply>;

/** What only the server knows of a route: its rate limit, its HTML form, a hook before validation. */
export interface RouteExtras {
  config?: Pick<FastifyContextConfig, "rateLimit" | "formPost">;
  preValidation?: RouteOptions["preValidation"];
}

function schemaNamed(name: string) {
  const schema = (contract as Record<string, unknown>)[name];
  if (!schema) throw new Error(`The contract exports no schema named ${name}`);
  return schema;
}

/**
 * Registers an endpoint's route in `app`'s scope from its declaration: method, path (less the
 * scope's prefix), access and the other guard settings, the schemas (validation, the reply's
 * serialisation and OpenAPI) and the OpenAPI text opening with the access.
 */
export function route<const E extends Endpoint>(
  app: App,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
) {
  const { method, path, access, params, query, body, response, description } = endpoint;
  if (!path.startsWith(app.prefix)) throw new Error(`${method} ${path} is declared outside ${app.prefix}`);
  const schema: FastifySchema & Record<string, unknown> = {
    tags: endpoint.tags,
    summary: endpoint.summary,
    description: description ? `${ACCESS_LINE[access]}\n${description}` : ACCESS_LINE[access],
    ...(params && { params: schemaNamed(params) }),
    ...(query && { querystring: schemaNamed(query) }),
    ...(body && { body: schemaNamed(body) }),
    ...(response && {
      response: Object.fromEntries(
        Object.entries(response).map(([status, name]) => [status, schemaNamed(name)]),
      ),
    }),
    ...(endpoint.produces && { produces: endpoint.produces }),
    ...(endpoint.consumes && { consumes: endpoint.consumes }),
    ...(endpoint.hide && { hide: true }),
  };
  app.route({
    method,
    url: path.slice(app.prefix.length),
    config: {
      ...extras.config,
      access,
      ...(endpoint.duringTwoFactorSetup && { duringTwoFactorSetup: true }),
      ...(endpoint.readsSession && { readsSession: true }),
    },
    schema,
    ...(extras.preValidation && { preValidation: extras.preValidation }),
    handler: handler as RouteOptions["handler"],
  });
}

type ListQuery = { page: number; limit: number };
type ListItem<E extends Endpoint> = AnswerOf<E> extends { data: (infer I)[] } ? I : never;

/**
 * A back-office list and its CSV export, the pair every list has: the list answers one page of
 * `rows` (paging in `meta`, with anything else `rows` answers beside `rows` and `total`), the
 * export streams every matching row of the same filters as `<csv.name>-<day>.csv` (the service
 * records the export).
 */
export function listWithExport<L extends Endpoint, X extends Endpoint, R, C>(
  app: App,
  endpoints: { list: L; export: X },
  list: {
    message: string;
    rows: (query: ReceivedPart<L, "query">) => Promise<{ rows: R[]; total: number }>;
    present: (row: R, request: EndpointRequest<L>) => ListItem<L>;
  },
  csv: {
    name: string;
    columns: CsvColumns<C>;
    rows: (
      auth: AuthOf<{ access: X["access"] }>,
      query: ReceivedPart<X, "query">,
    ) => Promise<AsyncIterable<C[]>>;
  },
) {
  route(app, endpoints.list, async (request) => {
    const query = request.query as ReceivedPart<L, "query">;
    const { rows, total, ...more } = await list.rows(query);
    const { page, limit } = query as ListQuery;
    const items = rows.map((row) => list.present(row, request));
    return listReply(list.message, items, { ...pageMeta(page, limit, total), ...more }) as AnswerOf<L>;
  });
  route(app, endpoints.export, async (request, reply) =>
    sendCsv(
      reply,
      csv.name,
      csv.columns,
      await csv.rows(request.auth, request.query as ReceivedPart<X, "query">),
    ),
  );
}
