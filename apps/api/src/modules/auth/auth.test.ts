import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { buildApp } from "../../app.ts";
import type { App } from "../../plugins/types.ts";
import { captureQueries } from "../../test-support/capture-queries.ts";
import { createTestApp, openTestDatabase, testConfig, type TestApp } from "../../test-support/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postLogin = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: payload as object, headers });
const getUsers = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/v1/user/users", headers });

describe("POST /api/v1/auth/login", () => {
  it("answers the spec's shape, sets an httpOnly SameSite cookie, and never a password hash", async () => {
    const admin = await buildUser(t.database.db, { role: "admin", email: "Boss@Example.test" });
    const res = await postLogin({ email: "boss@example.test", password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.message).toEqual(expect.any(String));
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.user).toMatchObject({ _id: admin.id, email: "Boss@Example.test", user_role: "admin" });
    expect(res.body).not.toContain("scrypt$");
    expect(res.body).not.toMatch(/password/i);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain(`md_session=${body.data.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // Beside it, as long, the signed-in hint the /listen pages are sent with (no secret in it).
    const cookies = [res.headers["set-cookie"]].flat().map(String);
    const hint = cookies.find((c) => c.startsWith("serene_signed_in="));
    expect(hint).toMatch(/^serene_signed_in=1; .*Path=\/listen/);
    expect(hint).not.toContain(body.data.token);
    const expires = (c: string | undefined) => /Expires=([^;]+)/.exec(c ?? "")?.[1];
    expect(expires(hint)).toBe(expires(cookies.find((c) => c.startsWith("md_session="))));
    // The session is stored hashed: the token itself is nowhere in the table.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(body.data.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the same message for a wrong password and an unknown e-mail", async () => {
    const user = await buildUser(t.database.db, { role: "admin" });
    const wrong = await postLogin({ email: user.email, password: "not-the-password" });
    const unknown = await postLogin({ email: "nobody-here@example.test", password: "whatever-it-is" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        status: false,
        code: "invalid_credentials",
        message: "Invalid email or password",
      });
    }
  });

  it("signs in a non-admin, whose token is refused by admin calls with 403", async () => {
    const user = await buildUser(t.database.db);
    const res = await postLogin({ email: user.email, password: TEST_PASSWORD });
    expect(res.json().data.user.user_role).toBe("user");
    const denied = await getUsers(bearer(res.json().data.token));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ status: false, code: "forbidden" });
  });

  it("names the fields of a bad payload", async () => {
    const res = await postLogin({ email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("validation_failed");
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
    expect(body.message).toContain("email");
  });

  it("limits attempts per account and address with a 429 envelope; the owner elsewhere still signs in", async () => {
    const user = await buildUser(t.database.db, { role: "admin" });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: user.email, password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await from("203.0.113.9", "wrong-password")).statusCode).toBe(401);
    const blocked = await from("203.0.113.9", TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: false, code: "rate_limited" });
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    expect(blocked.json().retryAfter).toBeGreaterThan(0);
    // The attacker's address is locked, the owner's is not.
    expect((await from("198.51.100.7", TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("sign-in limits shared through the database", () => {
  let one: TestApp;
  let two: App;
  beforeAll(async () => {
    one = await createTestApp({
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: "2",
      LOGIN_FAILURES_PER_ACCOUNT_HOURLY: "4",
      LOGIN_ATTEMPTS_PER_ADDRESS: "6",
    });
    // A second instance on the same database (closing it would close the shared database).
    two = await buildApp({ config: one.config, database: { ...one.database, close: async () => {} } });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });
  const attempt = (app: App, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password }, remoteAddress });

  it("counts an account's attempts from one address on every instance, and a success starts afresh", async () => {
    const user = await buildUser(one.database.db);
    const ip = "192.0.2.1";
    expect((await attempt(one.app, user.email, "wrong-password", ip)).statusCode).toBe(401);
    expect((await attempt(two, user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await attempt(one.app, user.email, "wrong-password", ip)).statusCode).toBe(401);
    expect((await attempt(two, user.email, "wrong-password", ip)).statusCode).toBe(401);
    expect((await attempt(one.app, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(two, user.email, TEST_PASSWORD, "192.0.2.2")).statusCode).toBe(200);
  });

  it("keeps a per-account ceiling over all addresses", async () => {
    const user = await buildUser(one.database.db);
    for (const ip of ["192.0.2.10", "192.0.2.10", "192.0.2.11", "192.0.2.11"]) {
      expect((await attempt(one.app, user.email, "wrong-password", ip)).statusCode).toBe(401);
    }
    const res = await attempt(two, user.email, TEST_PASSWORD, "192.0.2.13");
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many sign-in attempts/);
  });

  it("shares the per-address request limit between instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 ? two : one.app;
      statuses.push(
        (await attempt(app, `nobody-${i}@example.test`, "whatever-it-is", "192.0.2.50")).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});

describe("per-address limit", () => {
  it("answers 429 with the envelope once an address has used its attempts", async () => {
    const own = await createTestApp({ LOGIN_ATTEMPTS_PER_ADDRESS: "3" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { email: `someone-${i}@example.test`, password: "whatever-it-is" },
        });
        statuses.push(res.statusCode);
        if (i === 3)
          expect(res.json()).toMatchObject({
            status: false,
            code: "rate_limited",
            retryAfter: expect.any(Number),
          });
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await own.close();
    }
  });
});

describe("per-address limit counts failures only, shared by sign-in, sign-up and password reset", () => {
  let own: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const config = testConfig({ LOGIN_ATTEMPTS_PER_ADDRESS: "3", LOG_LEVEL: "info" });
    const stream = { write: (line: string) => void logLines.push(line) };
    // The app with its log captured: refused sign-ups are logged.
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, logger: { level: "info", stream } });
    own = { app, config, database, routes: [], close: () => app.close() };
  });
  afterAll(() => own.close());
  const from = (remoteAddress: string, url: string, payload: object) =>
    own.app.inject({ method: "POST", url: `/api/v1/auth${url}`, payload, remoteAddress });

  it("an office signs in from one address as often as it likes; failures are still limited", async () => {
    const ip = "198.51.100.7";
    const people = await Promise.all([1, 2, 3, 4].map(() => buildUser(own.database.db)));
    for (let round = 0; round < 2; round++) {
      for (const person of people) {
        const res = await from(ip, "/login", { email: person.email, password: TEST_PASSWORD });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    // Three failures use up the address's limit; then even a right password waits.
    for (const person of people.slice(0, 3)) {
      expect((await from(ip, "/login", { email: person.email, password: "not-it" })).statusCode).toBe(401);
    }
    const blocked = await from(ip, "/login", { email: people[3]!.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: "rate_limited", retryAfter: expect.any(Number) });
    // Another address is not affected.
    const elsewhere = await from("198.51.100.8", "/login", {
      email: people[3]!.email,
      password: TEST_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("sign-up and password reset share it: a taken address and a wrong reset token count as failed sign-ins", async () => {
    const ip = "198.51.100.20";
    const existing = await buildUser(own.database.db);
    const signup = (email: string) =>
      from(ip, "/signup", { email, password: "a-good-long-password", username: "New", ageConfirmed: true });
    // A successful sign-up is not a failure.
    expect((await signup(`new-${Date.now()}@example.test`)).statusCode).toBe(201);
    expect((await from(ip, "/login", { email: existing.email, password: "not-it" })).statusCode).toBe(401);
    const taken = await signup(existing.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("email_taken");
    const reset = await from(ip, "/password/reset", { token: "x".repeat(43), password: "another-password" });
    expect(reset.json().code).toBe("invalid_token");
    // The limit (3) is used up: sign-in, sign-up and reset are all refused from this address.
    for (const res of [
      await from(ip, "/login", { email: existing.email, password: TEST_PASSWORD }),
      await signup(`later-${Date.now()}@example.test`),
      await from(ip, "/password/reset", { token: "y".repeat(43), password: "another-password" }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("rate_limited");
    }
    // The refused sign-up was logged with its reason and address.
    const refusals = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === "sign-up refused");
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "email_taken", ip }),
        expect.objectContaining({ code: "rate_limited", ip }),
      ]),
    );
  });
});

describe("sessions", () => {
  it("accepts the bearer token and the cookie", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    expect((await getUsers(bearer(token))).statusCode).toBe(200);
    expect((await getUsers({ cookie: `md_session=${token}` })).statusCode).toBe(200);
    expect((await getUsers({})).statusCode).toBe(401);
    expect((await getUsers(bearer("made-up-token"))).statusCode).toBe(401);
  });

  it("looks the session up once per request, nothing kept between requests", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    let answers: { statusCode: number }[] = [];
    const queries = await captureQueries(async () => {
      answers = await Promise.all(Array.from({ length: 8 }, () => getUsers(bearer(token))));
    });
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const lookups = queries.filter(
      (q) => /from "sessions"/.test(q.text) && /"token_hash" = \$1/.test(q.text),
    );
    expect(lookups).toHaveLength(8);
  });

  it("refuses an expired session", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, admin.id));
    const res = await getUsers(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: "unauthenticated" });
  });

  it("logout ends the session and clears the cookie", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    const out = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: true });
    expect(String(out.headers["set-cookie"])).toMatch(/md_session=;/);
    expect(String(out.headers["set-cookie"])).toMatch(/serene_signed_in=;.*Path=\/listen/);
    expect((await getUsers(bearer(token))).statusCode).toBe(401);
  });

  it("deleting the user ends their sessions", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    await t.database.db.delete(users).where(eq(users.id, admin.id));
    expect((await getUsers(bearer(token))).statusCode).toBe(401);
  });

  it("changing the password ends the other sessions, keeps this one, and the new password works", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const phone = await login(t.app, admin.email);
    const laptop = await login(t.app, admin.email);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/change-password",
      headers: bearer(laptop),
      payload: { currentPassword: "not-it-at-all", newPassword: "a-brand-new-password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe("currentPassword");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/change-password",
      headers: bearer(laptop),
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a-brand-new-password" },
    });
    expect(res.statusCode).toBe(200);
    expect((await getUsers(bearer(phone))).statusCode).toBe(401);
    expect((await getUsers(bearer(laptop))).statusCode).toBe(200);
    await expect(login(t.app, admin.email, "a-brand-new-password")).resolves.toEqual(expect.any(String));
  });

  it("GET /auth/me answers the signed-in user without a hash", async () => {
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: user.id, user_role: "user" });
    expect(res.body).not.toContain("scrypt$");
  });
});

describe("PUT /api/v1/auth/profile", () => {
  it("an empty body: 400 saying what to send, not a 500", async () => {
    const user = await buildUser(t.database.db, { role: "admin" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      payload: {},
      headers: bearer(await login(t.app, user.email)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: "validation_failed",
      message: "body: Send at least one field to change",
    });
  });
});
