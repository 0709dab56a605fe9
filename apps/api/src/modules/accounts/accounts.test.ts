import { eq, inArray, sql } from "drizzle-orm";
import { SESSION_COOKIE, verifyEmailResponseSchema } from "@serene/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, sessions, users } from "../../db/schema/index.ts";
import { buildInterest } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { buyCodes } from "../../test-support/purchases.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://serene.example.com" });
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `listener-${++n}-${Date.now()}@example.test`;
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  token?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
const outbox = (address: string) => outboxFor(t.config.mail.outboxDir, address);
/** The mails of an address once there are `count` of them (they are sent in the background). */
const mails = (address: string, count = 1) =>
  eventually(() => {
    const found = outbox(address);
    if (found.length < count) throw new Error(`${found.length} of ${count} e-mails to ${address}`);
    return found;
  });
const linkToken = (text: string, page: "verify" | "reset") =>
  new URL(
    text.match(new RegExp(`https://serene\\.example\\.com/listen/${page}\\?token=\\S+`))![0],
  ).searchParams.get("token")!;

async function signup(overrides: Record<string, unknown> = {}) {
  const body = {
    email: freshEmail(),
    password: "a-good-long-password",
    username: "Calm Listener",
    ageConfirmed: true,
    ...overrides,
  };
  const res = await call("POST", "/auth/signup", body);
  return { res, body };
}

describe("POST /auth/signup", () => {
  it("creates a listener with mood and interests, answers 201 { token, user }, and e-mails a verification link", async () => {
    const sleep = await buildInterest(t.database.db, { name: "Sleep well" });
    const { res, body } = await signup({ mood: "sad", interests: [sleep.id] });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data.user).toMatchObject({
      email: body.email,
      username: "Calm Listener",
      user_role: "user",
      mood: "sad",
    });
    expect(res.body).not.toContain("scrypt$");

    const me = await call("GET", "/app/me", undefined, data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: body.email,
      emailVerified: false,
      mood: "sad",
      interests: [{ _id: sleep.id, name: "Sleep well", count: 0 }],
      entitlement: { paid: false, paidUntil: null, daysLeft: 0, source: null },
    });

    const [mail] = await mails(body.email);
    expect(mail!.subject).toBe("Welcome to Serene");
    const token = linkToken(mail!.text, "verify");
    const verified = await call("POST", "/auth/verify-email", { token });
    expect(verified.statusCode, verified.body).toBe(200);
    // Read as the app reads it: the contract's schema, the profile of GET /app/me.
    const { user: profile } = verifyEmailResponseSchema.parse(verified.json()).data;
    expect(profile).toMatchObject({ email: body.email, emailVerified: true, mood: "sad" });
    // Exactly the profile (not the back office's user shape, which has time_created and status).
    expect(verified.json().data.user).toEqual(
      (await call("GET", "/app/me", undefined, data.token)).json().data,
    );
    expect((await call("GET", "/app/me", undefined, data.token)).json().data.emailVerified).toBe(true);
    // Single use.
    const again = await call("POST", "/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "invalid_token" });
  });

  it("with a code: the welcome e-mail says premium is unlocked, by whom and until when", async () => {
    const { codes, businessName } = await buyCodes(t);
    const { res, body } = await signup({ code: codes[0] });
    expect(res.statusCode, res.body).toBe(201);
    const paidUntil = (await call("GET", "/app/me", undefined, res.json().data.token)).json().data.entitlement
      .paidUntil as string;
    const until = new Date(paidUntil).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    const [mail] = await mails(body.email);
    expect(mail!.subject).toBe("Welcome to Serene");
    expect(mail!.text).toContain(`Your code from ${businessName} unlocked premium`);
    expect(mail!.text).toContain(`until ${until}.`);
    // A code nobody was invited with proves no address: the welcome asks to confirm it.
    expect(mail!.text).toContain("confirm your e-mail");
    // Without a code, no such line.
    const plain = await signup();
    expect((await mails(plain.body.email))[0]!.text).not.toContain("unlocked premium");
  });

  it("opens the browser's cookie session as sign-in does, with the device the web app names", async () => {
    const web = { "x-app-platform": "web", "x-device-name": "Chrome on Android" };
    const body = {
      email: freshEmail(),
      password: "a-good-long-password",
      username: "Web",
      ageConfirmed: true,
    };
    const res = await call("POST", "/auth/signup", body, undefined, web);
    expect(res.statusCode, res.body).toBe(201);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({
      value: res.json().data.token,
      httpOnly: true,
      secure: true,
      path: "/api",
    });
    expect(cookie!.sameSite).toBe("Lax");
    const seconds = (date: string | Date) => Math.floor(new Date(date).getTime() / 1000);
    expect(seconds(cookie!.expires!)).toBe(seconds(res.json().data.expiresAt));
    // The same attributes as sign-in's cookie.
    const signin = await call("POST", "/auth/login", { email: body.email, password: body.password });
    const {
      value: _signinValue,
      expires: _signinExpires,
      ...signinCookie
    } = signin.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const { value: _value, expires: _expires, ...signupCookie } = cookie!;
    expect(signupCookie).toEqual(signinCookie);

    // The cookie alone is the session; the devices list shows the web app's names.
    const list = await call("GET", "/auth/sessions", undefined, undefined, {
      cookie: `${SESSION_COOKIE}=${cookie!.value}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((s: { current: boolean }) => s.current)).toMatchObject({
      platform: "web",
      deviceName: "Chrome on Android",
    });
  });

  it("refuses without the 18+ confirmation, a taken address in any letter case, unknown interests and unknown fields", async () => {
    const noAge = await signup({ ageConfirmed: false });
    expect(noAge.res.statusCode).toBe(400);
    expect(noAge.res.json()).toMatchObject({
      code: "age_confirmation_required",
      errors: [{ field: "ageConfirmed" }],
    });
    const missing = await call("POST", "/auth/signup", {
      email: freshEmail(),
      password: "a-good-long-password",
      username: "x1",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain("ageConfirmed");

    const existing = await buildUser(t.database.db, { email: `Taken-${Date.now()}@Example.test` });
    const taken = await signup({ email: existing.email.toUpperCase() });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json()).toMatchObject({ code: "email_taken", errors: [{ field: "email" }] });

    const unknown = await signup({ interests: ["00000000-0000-4000-8000-000000000000"] });
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json().errors[0].field).toBe("interests");

    const extra = await signup({ role: "admin" });
    expect(extra.res.statusCode).toBe(400);
    expect(extra.res.json().errors[0].field).toBe("role");
    // None of the refused sign-ups left an account behind.
    const made = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [noAge.body.email, unknown.body.email, extra.body.email]));
    expect(made).toHaveLength(0);
  });
});

describe("password reset", () => {
  it("answers the same for every address; the link sets a new password once and ends every session", async () => {
    const user = await buildUser(t.database.db);
    const phone = await login(t.app, user.email);
    const known = await call("POST", "/auth/password/forgot", { email: user.email.toUpperCase() });
    const unknown = await call("POST", "/auth/password/forgot", { email: "nobody-at-all@example.test" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(outbox("nobody-at-all@example.test")).toHaveLength(0);

    const [mail] = await mails(user.email);
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    const token = linkToken(mail!.text, "reset");
    const reset = await call("POST", "/auth/password/reset", { token, password: "the-new-password-1" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call("GET", "/app/me", undefined, phone)).statusCode).toBe(401);
    await expect(login(t.app, user.email, "the-new-password-1")).resolves.toEqual(expect.any(String));
    const replay = await call("POST", "/auth/password/reset", { token, password: "another-password-2" });
    expect(replay.json()).toMatchObject({ code: "invalid_token" });
  });

  it("the 6-digit code works with its address only, and expires after an hour", async () => {
    const user = await buildUser(t.database.db);
    await call("POST", "/auth/password/forgot", { email: user.email });
    const code = (await mails(user.email))[0]!.text.match(/^(\d{6})$/m)![1]!;
    const other = await buildUser(t.database.db);
    const wrongAddress = await call("POST", "/auth/password/reset", {
      token: code,
      email: other.email,
      password: "x-new-password-3",
    });
    expect(wrongAddress.json()).toMatchObject({ code: "invalid_token" });
    const noAddress = await call("POST", "/auth/password/reset", {
      token: code,
      password: "x-new-password-3",
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors[0].field).toBe("email");

    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, user.id));
    const expired = await call("POST", "/auth/password/reset", {
      token: code,
      email: user.email,
      password: "x-new-password-3",
    });
    expect(expired.json()).toMatchObject({ code: "invalid_token" });

    await call("POST", "/auth/password/forgot", { email: user.email });
    const fresh = (await mails(user.email, 2))[1]!.text.match(/^(\d{6})$/m)![1]!;
    const ok = await call("POST", "/auth/password/reset", {
      token: fresh,
      email: user.email,
      password: "x-new-password-3",
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("reset-code guessing", () => {
  it("5 wrong codes lock the address's codes for 15 minutes; a new e-mail does not lift it", async () => {
    const user = await buildUser(t.database.db);
    const codeIn = (text: string) => text.match(/^(\d{6})$/m)![1]!;
    const withCode = (token: string) =>
      call("POST", "/auth/password/reset", { token, email: user.email, password: "guessed-password-1" });
    await call("POST", "/auth/password/forgot", { email: user.email });
    const first = codeIn((await mails(user.email))[0]!.text);
    const wrong = (i: number) => String((Number(first) + i) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 5; i++) {
      expect((await withCode(wrong(i))).json()).toMatchObject({ code: "invalid_token" });
    }

    // A new e-mail: its right code is refused too, as is the old one.
    await call("POST", "/auth/password/forgot", { email: user.email });
    const second = (await mails(user.email, 2))[1]!;
    const locked = await withCode(codeIn(second.text));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: "rate_limited", retryAfter: expect.any(Number) });
    expect(locked.json().retryAfter).toBeGreaterThan(14 * 60);
    expect((await withCode(first)).statusCode).toBe(429);

    // The lock runs 15 minutes from the 5th wrong code: 14 minutes later, still locked.
    const rewind = (minutes: number) =>
      t.database.db.execute(
        sql`update rate_limits set window_start = now() - make_interval(mins => ${minutes})
            where key = ${`reset-code:${user.email.toLowerCase()}`}`,
      );
    await rewind(14);
    expect((await withCode(codeIn(second.text))).statusCode).toBe(429);
    await rewind(16);
    const ok = await withCode(codeIn(second.text));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("the link of the e-mail still works while codes are locked", async () => {
    const user = await buildUser(t.database.db);
    await call("POST", "/auth/password/forgot", { email: user.email });
    const [mail] = await mails(user.email);
    for (let i = 0; i < 5; i++) {
      await call("POST", "/auth/password/reset", {
        token: "000000",
        email: user.email,
        password: "x-password-9",
      });
    }
    const res = await call("POST", "/auth/password/reset", {
      token: linkToken(mail!.text, "reset"),
      password: "the-new-password-9",
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("sessions", () => {
  it("lists the devices with the app's headers, signs one out, and signs out all the others", async () => {
    const user = await buildUser(t.database.db);
    const phone = await login(t.app, user.email);
    const tablet = await login(t.app, user.email);
    const headers = { "x-app-platform": "ios", "x-app-version": "42", "x-device-name": "Ada's iPhone" };
    const list = await call("GET", "/auth/sessions", undefined, phone, headers);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data).toHaveLength(2);
    const mine = body.data.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ platform: "ios", appVersion: "42", deviceName: "Ada's iPhone" });
    const other = body.data.find((s: { current: boolean }) => !s.current);

    const stranger = await login(t.app, (await buildUser(t.database.db)).email);
    expect((await call("DELETE", `/auth/sessions/${other._id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call("DELETE", `/auth/sessions/${other._id}`, undefined, phone)).statusCode).toBe(200);
    expect((await call("GET", "/app/me", undefined, tablet)).statusCode).toBe(401);

    const laptop = await login(t.app, user.email);
    expect((await call("POST", "/auth/sessions/revoke-all", undefined, phone)).statusCode).toBe(200);
    expect((await call("GET", "/app/me", undefined, laptop)).statusCode).toBe(401);
    expect((await call("GET", "/app/me", undefined, phone)).statusCode).toBe(200);
    expect((await call("GET", "/auth/sessions", undefined)).statusCode).toBe(401);
  });

  it("a listener's session slides: used, it lives 30 days from now; idle past its end, it is refused", async () => {
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 days'`, expiresAt: sql`now() + interval '20 days'` })
      .where(eq(sessions.userId, user.id));
    expect((await call("GET", "/app/me", undefined, token)).statusCode).toBe(200);
    const [slid] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(slid!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await call("GET", "/app/me", undefined, token)).statusCode).toBe(401);
  });
});

describe("/app/me", () => {
  it("changes the profile fields; unknown fields and empty bodies are 400 naming the problem", async () => {
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const a = await buildInterest(t.database.db);
    const b = await buildInterest(t.database.db);
    const res = await call(
      "PATCH",
      "/app/me",
      {
        username: "New Name",
        lastName: "Lovelace",
        mood: "angry",
        interests: [a.id, b.id],
        experience: "beginner",
        timeZone: "Europe/Paris",
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      username: "New Name",
      lastName: "Lovelace",
      mood: "angry",
      experience: "beginner",
      timeZone: "Europe/Paris",
    });
    expect(
      res
        .json()
        .data.interests.map((i: { _id: string }) => i._id)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const empty = await call("PATCH", "/app/me", {}, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "validation_failed" });
    expect(empty.json().message).toMatch(/at least one field/);
    const unknown = await call("PATCH", "/app/me", { email: "other@example.test" }, token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe("email");
    const badMood = await call("PATCH", "/app/me", { mood: "meh", timeZone: "Mars/Olympus" }, token);
    expect(badMood.statusCode).toBe(400);
    expect(
      badMood
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["mood", "timeZone"]);
    const noBody = await t.app.inject({ method: "PATCH", url: "/api/v1/app/me", headers: bearer(token) });
    expect(noBody.statusCode).toBe(400);
    expect((await call("GET", "/app/me")).statusCode).toBe(401);
  });

  it("DELETE with the password deletes the account now and e-mails a confirmation", async () => {
    const user = await buildUser(t.database.db);
    const token = await login(t.app, user.email);
    const wrong = await call("DELETE", "/app/me", { password: "not-my-password" }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe("password");
    const res = await call("DELETE", "/app/me", { password: TEST_PASSWORD }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect((await call("GET", "/app/me", undefined, token)).statusCode).toBe(401);
    expect((await mails(user.email))[0]!.subject).toBe("Your Serene account has been deleted");
  });
});
