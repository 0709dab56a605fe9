import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.database.db, { role: "admin" });
  adminToken = await login(t.app, admin.email);
});
afterAll(() => t.close());

const loginWith = (payload: string, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload,
    headers: { "content-type": contentType },
  });

describe("bad input answers 4xx with the envelope, never 500", () => {
  it("malformed JSON: 400 invalid_json", async () => {
    const res = await loginWith('{"email": "a@b.test",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: "invalid_json",
      message: "The request body is not valid JSON",
    });
    expect(res.json().requestId).toBe(res.headers["x-request-id"]);
  });

  it("wrong types: 400 naming the field", async () => {
    const res = await loginWith(JSON.stringify({ email: 42, password: ["x"] }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "email", message: "must be a string" },
        { field: "password", message: "must be a string" },
      ]),
    );
  });

  it("missing fields: 400 naming each", async () => {
    const res = await loginWith("{}");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("email: is required; password: is required");
  });

  it("a body that is not an object: 400", async () => {
    const res = await loginWith("[1,2,3]");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: "validation_failed" });
  });

  it("oversized body: 413", async () => {
    const res = await loginWith(JSON.stringify({ email: "a@b.test", password: "x".repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, code: "payload_too_large" });
  });

  it("unsupported content type: 415", async () => {
    const res = await loginWith("<email>a@b.test</email>", "application/xml");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: false, code: "unsupported_media_type" });
  });

  it("bad query parameters: 400 naming the parameter", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/users?limit=5000&page=0",
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["limit", "page"]);
  });

  it("unknown API paths: JSON 404 envelope, for any method and signed out", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/v1/user/no-such-thing" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: "route_not_found" });
    }
  });

  it("answers the request id it was given, and a fresh one otherwise", async () => {
    const given = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "trace-123" },
    });
    expect(given.headers["x-request-id"]).toBe("trace-123");
    const fresh = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("GET /api/health", () => {
  it("answers 200 while the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      data: { database: expect.stringMatching(/pglite|postgres/) },
    });
  });

  it("answers 503 when the database does not", async () => {
    const own = await createTestApp();
    await own.database.close();
    const res = await own.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: false, code: "service_unavailable" });
    // onClose closes the database again; closing twice must not throw.
    await own.app.close().catch(() => {});
  });
});

describe("a NUL byte in any string: 400 naming the field, never a 500", () => {
  const NUL = "a\u0000b";
  const nulCases: {
    name: string;
    url: string;
    body: Record<string, unknown>;
    field: string;
    admin?: boolean;
  }[] = [
    {
      name: "anonymous purchase",
      url: "/api/v1/user/stripe-payment",
      body: { assignedName: NUL, email: "buyer@example.test", totalUsers: 5, totalMonths: 12 },
      field: "assignedName",
    },
    {
      name: "create-coupons",
      url: "/api/v1/user/create-coupons",
      body: {
        assignedName: "Acme",
        email: "buyer@example.test",
        totalUsers: 5,
        totalMonths: 12,
        session_id: NUL,
      },
      field: "session_id",
    },
    {
      name: "delete-account",
      url: "/api/v1/user/delete-account",
      body: { email: "someone@example.test", reason: NUL },
      field: "reason",
    },
    {
      name: "e-mail at sign-in",
      url: "/api/v1/auth/login",
      body: { email: `a${NUL}@example.test`, password: "x" },
      field: "email",
    },
    {
      name: "password at sign-in",
      url: "/api/v1/auth/login",
      body: { email: "a@example.test", password: NUL },
      field: "password",
    },
    {
      name: "broadcast",
      url: "/api/v1/user/broadcast",
      body: { message: NUL },
      field: "message",
      admin: true,
    },
    {
      name: "app message",
      url: "/api/v1/user/app-message",
      body: { title: NUL, message: "Hello", status: "active" },
      field: "title",
      admin: true,
    },
  ];

  it.each(nulCases)("$name", async ({ url, body, field, admin }) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      payload: body,
      headers: admin ? bearer(adminToken) : {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: "validation_failed",
      errors: [{ field, message: "must not contain a NUL character" }],
    });
  });

  it("every string a request can carry is built on the shared rule (or is an id or a fixed choice)", async () => {
    interface Schema {
      type?: string | string[];
      enum?: unknown[];
      format?: string;
      pattern?: string;
      allOf?: Schema[];
      anyOf?: Schema[];
      oneOf?: Schema[];
      items?: Schema;
      properties?: Record<string, Schema>;
    }
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const unguarded: string[] = [];
    const walk = (schema: Schema, where: string) => {
      for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(sub, where);
      if (schema.items) walk(schema.items, `${where}[]`);
      for (const [name, sub] of Object.entries(schema.properties ?? {})) walk(sub, `${where}.${name}`);
      const isString =
        schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string"));
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)];
      // A multipart file (format binary) is bytes, checked by content, not a string field; an id,
      // a day or an instant is held to its own exact format, which leaves no room for a NUL.
      const fixedFormats = ["uuid", "binary", "date", "date-time"];
      const free = isString && !schema.enum && !fixedFormats.includes(schema.format ?? "");
      if (free && !patterns.includes("^[^\\0]*$")) {
        unguarded.push(where);
      }
    };
    let strings = 0;
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, never>>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of (op.parameters ?? []) as { name: string; schema: Schema }[]) {
          walk(p.schema, `${where} ${p.name}`);
          strings++;
        }
        const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
          ?.content;
        for (const { schema } of Object.values(body ?? {})) {
          walk(schema, `${where} body`);
          strings++;
        }
      }
    }
    expect(strings).toBeGreaterThan(50);
    expect(unguarded).toEqual([]);
  });

  it("`?q=%00` on every searchable list", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const searchable = Object.entries(
      doc.paths as Record<string, { get?: { parameters?: { name: string }[] } }>,
    )
      .filter(([path, ops]) => !path.includes("{") && ops.get?.parameters?.some((p) => p.name === "q"))
      .map(([path]) => path);
    expect(searchable.length).toBeGreaterThan(5);
    for (const path of searchable) {
      const res = await t.app.inject({ method: "GET", url: `${path}?q=%00`, headers: bearer(adminToken) });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toEqual([{ field: "q", message: "must not contain a NUL character" }]);
    }
  });
});

describe("router errors answer the envelope", () => {
  it("a 300-character :id", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/user/resources/${"x".repeat(300)}`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      status: false,
      code: "uri_too_long",
      message: "The address is too long",
      requestId: res.headers["x-request-id"],
    });
  });

  it("a malformed percent-encoding in the path", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/user/resources/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: "bad_request",
      message: "The address is not a valid URL",
      requestId: res.headers["x-request-id"],
    });
  });
});
