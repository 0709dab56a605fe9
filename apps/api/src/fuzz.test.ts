import { errorEnvelopeSchema } from "@serene/contract";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "./test-support/factories.ts";
import { createTestApp, testDatabaseKind, type TestApp } from "./test-support/harness.ts";
import { arbitraryFor, type JsonSchema, junk } from "./test-support/json-schema-arbitrary.ts";
import { fixture, uploadFixture } from "./test-support/multipart.ts";

/**
 * Every operation of the OpenAPI document the server serves, called by an admin, a host, a
 * listener and an anonymous caller with generated parameters and bodies (mostly valid, some hostile): no
 * answer may be a 5xx, every error is the envelope, every 2xx JSON matches its response schema.
 * FUZZ_SEED and FUZZ_RUNS replay a run; the seed is printed at the start.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_MS ?? 60_000);

type Caller = "admin" | "host" | "listener" | "anonymous";
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Call {
  caller: Caller;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { payload: string | Buffer; contentType: string } | null;
}

let t: TestApp;
const tokens: Record<Exclude<Caller, "anonymous">, string> = { admin: "", host: "", listener: "" };
const ids: string[] = [];
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.database.db, { role: "admin" });
  const host = await buildUser(t.database.db, { role: "host" });
  const listener = await buildUser(t.database.db);
  tokens.admin = await login(t.app, admin.email);
  tokens.host = await login(t.app, host.email);
  tokens.listener = await login(t.app, listener.email);

  // Things for generated ids to hit: users, an interest, a resource, a purchase, support mail, requests.
  const post = async (url: string, payload: object, token?: string) => {
    const res = await t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });
    const data = res.json().data;
    for (const id of [data?._id, data?.id, data?.purchaseId]) if (typeof id === "string") ids.push(id);
    return data;
  };
  for (let i = 0; i < 3; i++) ids.push((await buildUser(t.database.db)).id);
  const victim = await buildUser(t.database.db);
  ids.push(victim.id);
  const image = await uploadFixture(t.app, tokens.admin, "cover.png");
  const audio = await uploadFixture(t.app, tokens.admin, "tone.mp3");
  const interest = await post(
    "/api/v1/user/interest",
    { name: "Sleep", icon: image, position: 1 },
    tokens.admin,
  );
  await post(
    "/api/v1/user/resources",
    {
      title: "Evening",
      userID: victim.id,
      moodType: "sad",
      interestID: interest._id,
      image,
      resourceUrl: audio,
    },
    tokens.admin,
  );
  await post("/api/v1/user/stripe-payment", {
    assignedName: "Acme",
    email: "buyer@example.test",
    totalUsers: 5,
    totalMonths: 12,
  });
  await post("/api/v1/user/support", {
    fullName: "Ann",
    email: "ann@example.test",
    subject: "Hello",
    message: "A message long enough",
  });
  await post("/api/v1/user/delete-account", { email: victim.email, reason: "moving on" });
  await post("/api/v1/user/host-request", { reason: "I record meditations" }, tokens.listener);

  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, Omit<Operation, "method" | "path">>>)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ ...op, method, path })))
    .filter((op) => ["get", "post", "put", "patch", "delete"].includes(op.method));
}, 120_000);
afterAll(() => t?.close());

function callArbitrary(op: Operation): fc.Arbitrary<Call> {
  const params = (where: "path" | "query") =>
    fc.record(
      Object.fromEntries(
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => [p.name, arbitraryFor(p.schema, { ids })]),
      ),
      { requiredKeys: (op.parameters ?? []).filter((p) => p.in === where && p.required).map((p) => p.name) },
    );
  const jsonSchema = op.requestBody?.content["application/json"]?.schema;
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? "null",
    contentType: "application/json",
  });
  const body: fc.Arbitrary<Call["body"]> = /\/uploads?$/.test(op.path)
    ? multipartArbitrary
    : jsonSchema
      ? fc.oneof(
          { weight: 15, arbitrary: arbitraryFor(jsonSchema, { ids }).map(json) },
          {
            weight: 1,
            arbitrary: fc.string().map((payload) => ({ payload, contentType: "application/json" })),
          },
        )
      : op.method === "get"
        ? fc.constant(null)
        : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junk.map(json) });
  return fc.record({
    caller: fc.constantFrom<Caller>("admin", "host", "listener", "anonymous"),
    path: params("path"),
    query: params("query"),
    body,
  });
}

/** Multipart bodies: a real or random file, in the right field or not, sometimes two parts or broken framing. */
const multipartArbitrary: fc.Arbitrary<Call["body"]> = fc
  .record({
    field: fc.constantFrom("file", "file", "avatar", ""),
    filename: fc.constantFrom("a.png", "a.mp3", "blob", "../x.png", "a\u0000.png"),
    type: fc.constantFrom("image/png", "audio/mpeg", "application/octet-stream", ""),
    content: fc.oneof(
      fc.constantFrom(fixture("cover.png"), fixture("tone.mp3"), fixture("cover.gif")),
      fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a)),
    ),
    extraPart: fc.boolean(),
    close: fc.constantFrom(true, true, false),
    boundary: fc.constantFrom("fuzz", "fuzz", ""),
  })
  .map(({ field, filename, type, content, extraPart, close, boundary }) => {
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--fuzz\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        content,
        Buffer.from("\r\n"),
      ]);
    return {
      payload: Buffer.concat([
        part(field),
        ...(extraPart ? [part("file")] : []),
        Buffer.from(close ? "--fuzz--\r\n" : ""),
      ]),
      contentType: `multipart/form-data${boundary ? `; boundary=${boundary}` : ""}`,
    };
  });

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new Map<object, ValidateFunction>();
function responseValidator(schema: object) {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

/** Lone surrogates cannot be percent-encoded: they travel as U+FFFD, as a browser sends them. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** A generated value as a path segment or query value: objects as their JSON. */
const asText = (value: unknown) =>
  typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

/** Builds the request; an empty path segment becomes "-" so the path stays on its own route. */
async function send(op: Operation, call: Call) {
  const url =
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      encodeURIComponent(wellFormed(asText(call.path[name] ?? "")) || "-"),
    ) +
    (Object.keys(call.query).length
      ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, asText(v)]))}`
      : "");
  const headers: Record<string, string> = call.caller === "anonymous" ? {} : bearer(tokens[call.caller]);
  if (call.body) headers["content-type"] = call.body.contentType;
  const res = await t.app.inject({
    method: op.method.toUpperCase() as "GET",
    url,
    headers,
    ...(call.body ? { payload: call.body.payload } : {}),
  });
  return { url, res };
}

/**
 * A call may end its caller's session (logout, a password change, a deleted account): the next one
 * goes as a new user of the same role. Signing the old one in again could be refused: generated
 * calls with wrong passwords (a password change) count towards its account's sign-in limit.
 */
async function keepSignedIn(caller: Caller) {
  if (caller === "anonymous") return;
  const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: bearer(tokens[caller]) });
  if (me.statusCode !== 401) return;
  const user = await buildUser(t.database.db, caller === "listener" ? {} : { role: caller });
  tokens[caller] = await login(t.app, user.email);
}

/** What is wrong with an answer, or null. */
function problem(op: Operation, res: Awaited<ReturnType<typeof send>>["res"]): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const json = String(res.headers["content-type"] ?? "").startsWith("application/json");
  if (res.statusCode >= 400) {
    if (!json) return `error ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`;
    const parsed = errorEnvelopeSchema.safeParse(res.json());
    return parsed.success ? null : `error ${res.statusCode} is not the envelope: ${res.body.slice(0, 300)}`;
  }
  const schema = op.responses[String(res.statusCode)]?.content?.["application/json"]?.schema;
  if (res.statusCode < 300 && json && schema) {
    const validate = responseValidator(schema);
    if (!validate(res.json())) {
      return `${res.statusCode} does not match its schema: ${ajv.errorsText(validate.errors)}: ${res.body.slice(0, 300)}`;
    }
  }
  return null;
}

describe(`fuzzing every operation of the OpenAPI document (${testDatabaseKind})`, () => {
  it(
    "no 5xx, every error in the envelope, every 2xx matching its schema",
    async () => {
      console.log(
        `fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} over ${operations.length} operations (${testDatabaseKind})`,
      );
      expect(operations.length).toBeGreaterThan(50);
      const deadline = Date.now() + TIME_BUDGET_MS;
      const perOperation = Math.max(1, Math.ceil(RUNS / operations.length));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let cases = 0;
      for (const [index, op] of operations.entries()) {
        const left = operations.length - index;
        const result = await fc.check(
          fc.asyncProperty(callArbitrary(op), async (call) => {
            const { url, res } = await send(op, call);
            cases++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            await keepSignedIn(call.caller);
            const wrong = problem(op, res);
            if (wrong) {
              const body = call.body ? `\n  body: ${String(call.body.payload).slice(0, 500)}` : "";
              throw new Error(`${op.method.toUpperCase()} ${url} as ${call.caller} ${wrong}${body}`);
            }
          }),
          {
            seed: SEED + index,
            numRuns: perOperation,
            interruptAfterTimeLimit: Math.max(200, (deadline - Date.now()) / left),
            markInterruptAsFailure: false,
          },
        );
        // A run cut off by the time limit before any case failed is not a failure.
        if (result.failed && result.counterexample) {
          const error =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          failures.push(
            `${error}\n  replay: FUZZ_SEED=${SEED} (operation seed ${SEED + index}, path ${result.counterexamplePath})`,
          );
        }
      }
      console.log(
        `fuzz: ${cases} cases; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    TIME_BUDGET_MS * 3,
  );
});
