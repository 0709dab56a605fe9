import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = { [keyword: string]: unknown };
type Serialize = (data: unknown) => string;

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "$defs"];
/** Keywords whose value is a schema (or, `items`, a list of them). */
const SCHEMAS = ["items", "additionalItems", "additionalProperties", "propertyNames", "not"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];

const isNullType = (schema: JsonSchema) => schema.type === "null" && Object.keys(schema).length === 1;
const asSchema = (value: unknown) => (Array.isArray(value) ? value.map(plain) : plain(value));

/**
 * One JSON Schema node made plain for fast-json-stringify: `default`s dropped (zod writes none
 * when it encodes a reply), and a nullable field, `anyOf: [X, { type: "null" }]` as zod writes it
 * for a nullable enum or object, turned into X with `nullable: true`: fast-json-stringify tries
 * each branch of an `anyOf` with ajv on every value, where `nullable` is one comparison.
 */
function plain(node: unknown): unknown {
  if (!node || typeof node !== "object" || Array.isArray(node)) return node;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node as JsonSchema)) {
    if (keyword === "default" || keyword === "$schema") continue;
    if (SCHEMA_MAPS.includes(keyword) && value && typeof value === "object") {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, plain(sub)]));
    } else if (SCHEMAS.includes(keyword) || SCHEMA_LISTS.includes(keyword)) {
      out[keyword] = asSchema(value);
    } else {
      out[keyword] = value;
    }
  }
  const branches = out.anyOf as JsonSchema[] | undefined;
  const nullAt = branches?.length === 2 ? branches.findIndex(isNullType) : -1;
  if (branches && nullAt >= 0) {
    const { anyOf: _anyOf, ...rest } = out;
    const other = branches[1 - nullAt]!;
    if (!other.anyOf && !other.oneOf && !Array.isArray(other.type))
      return { ...rest, ...other, nullable: true };
  }
  return out;
}

/**
 * The JSON Schema of what a reply's JSON holds (zod encodes the handler's value into the schema's
 * input, hence `io: "input"`), made plain for fast-json-stringify (see `plain`). Values JSON
 * Schema cannot describe (a Date) are written by `JSON.stringify`, as zod's serializer does.
 */
export function replyJsonSchema(schema: z.ZodType): JsonSchema {
  return plain(
    z.toJSONSchema(schema, { io: "input", target: "draft-7", unrepresentable: "any" }),
  ) as JsonSchema;
}

/** One serializer per response schema, shared by every route and status that answers it. */
const compiled = new WeakMap<z.ZodType, Serialize>();
function fastSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) compiled.set(schema, (serialize = fastJson(replyJsonSchema(schema)) as Serialize));
  return serialize;
}

/**
 * How replies with a declared schema are written. `checked: false` (production): by
 * fast-json-stringify from the response schema's JSON Schema, compiled at the first reply of each
 * schema (a reply missing a required field still fails: 500). `checked: true` (tests and
 * development): zod checks every reply as before (a reply that does not match its schema is a
 * 500 naming the issues), and the fast serializer's JSON must hold the same value as zod's (its
 * keys may come in another order: fast-json-stringify writes the required ones first), or the
 * reply fails: every test that reaches a route proves what production writes for it.
 */
export function replySerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const { schema, method, url, httpStatus } = route;
    let fast: Serialize | undefined;
    const write: Serialize = (data) => (fast ??= fastSerializer(schema))(data);
    if (!checked) return write;
    const zodJson = zodSerializerCompiler(route) as Serialize;
    return (data) => {
      const expected = zodJson(data);
      const json = write(data);
      if (json !== expected && !isDeepStrictEqual(JSON.parse(json), JSON.parse(expected))) {
        throw new Error(
          `${method} ${url} ${httpStatus}: the fast serializer wrote ${json.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      }
      return json;
    };
  };
}
