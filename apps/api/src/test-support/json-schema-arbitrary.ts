import fc from "fast-check";

/** The parts of JSON Schema (as the OpenAPI document writes it) that request schemas use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Strings that break naive code: NUL, control and combining characters, quotes, traversal, very long text. */
const nastyString = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\r\n",
  "'; drop table users; --",
  "../../etc/passwd",
  "😀",
  "\u202e",
  "e\u0301",
  "\ud800",
  "x".repeat(10_000),
  "__proto__",
  "null",
  "-1",
  "1e309",
);

/** Any JSON value: what a careless or hostile client sends instead of the right type. */
export const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyString);

export interface ArbitraryOptions {
  /** Values for `format: uuid` strings, so ids that exist are tried as well as unknown ones. */
  ids: string[];
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const patterns = [schema, ...(schema.allOf ?? [])]
    .map((s) => s.pattern)
    // The shared "no NUL" rule is not a shape to generate: NUL is tried on purpose.
    .filter((p): p is string => !!p && p !== "^[^\\0]*$");
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...options.ids), fc.uuid());
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "date-time") {
    return fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString());
  }
  if (patterns.length) return fc.stringMatching(new RegExp(patterns.at(-1)!));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 300));
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/**
 * Values for a JSON Schema: mostly valid ones (so requests get past validation and reach the
 * services), now and then a wrong type or a nasty string in any place.
 */
export function arbitraryFor(
  schema: JsonSchema,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validFor(schema, options, depth) },
    { weight: 1, arbitrary: junk },
  );
}

function validFor(schema: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validFor(s, options, depth)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validFor({ ...schema, type }, options, depth)));
  switch (types[0]) {
    case "string":
      return fc.oneof(
        { weight: 6, arbitrary: stringArbitrary(schema, options) },
        { weight: 1, arbitrary: nastyString },
      );
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? arbitraryFor(schema.items, options, depth + 1) : junk, {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case "object": {
      if (depth > 3 || !schema.properties)
        return fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 3 });
      const props = Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [k, arbitraryFor(s, options, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return junk;
  }
}
