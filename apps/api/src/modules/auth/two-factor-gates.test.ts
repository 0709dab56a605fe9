import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/index.ts";
import { base32Decode, hotp } from "../../lib/totp.ts";
import { buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

/** What a session without its second factor reaches, and what one challenge opens (issue 31 §2). */
let t: TestApp;
let admin: { id: string; email: string };
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.database.db, { role: "admin" });
  adminToken = await login(t.app, admin.email);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

/** Turns two-factor sign-in on for a signed-in staff account; answers its recovery codes. */
async function turnOnTwoFactor(token: string) {
  const setup = await api("POST", "/auth/two-factor/setup", undefined, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const code = hotp(base32Decode(setup.json().data.secret as string), Math.floor(Date.now() / 30_000));
  const on = await api("POST", "/auth/two-factor/enable", { code }, token);
  expect(on.statusCode, on.body).toBe(200);
  return on.json().data.recoveryCodes as string[];
}

describe("a session waiting for its two-factor set-up", () => {
  it("cannot open paid audio with its token (as anyone without a stream link); once set up, it can", async () => {
    const audioUrl = await uploadFixture(t.app, adminToken, "tone.mp3");
    const audioKey = new URL(audioUrl).pathname.replace("/media/", "");
    await buildResource(t.database.db, { paymentType: "paid", audioKey });
    const editor = await buildUser(t.database.db, { role: "editor" });
    const token = await login(t.app, editor.email);
    const media = (how: "bearer" | "cookie") =>
      t.app.inject({
        method: "GET",
        url: `/media/${audioKey}`,
        ...(how === "bearer" ? { headers: bearer(token) } : { cookies: { md_session: token } }),
      });
    expect((await media("bearer")).statusCode).toBe(200);

    await turnOnTwoFactor(adminToken);
    const on = await api("PUT", "/user/back-office-settings", { requireTwoFactor: true }, adminToken);
    expect(on.statusCode, on.body).toBe(200);
    try {
      for (const how of ["bearer", "cookie"] as const) {
        const held = await media(how);
        expect(held.statusCode, how).toBe(403);
        expect(held.json()).toMatchObject({ code: "forbidden", message: /stream link/ });
      }
      // Its set-up routes, sign-out's and me still answer.
      expect((await api("GET", "/auth/me", undefined, token)).statusCode).toBe(200);
      await turnOnTwoFactor(token);
      expect((await media("bearer")).statusCode).toBe(200);
    } finally {
      await api("PUT", "/user/back-office-settings", { requireTwoFactor: false }, adminToken);
    }
  });
});

describe("a two-factor challenge", () => {
  it("opens one session only: the same challenge with another recovery code, even at once, is refused", async () => {
    const user = await buildUser(t.database.db, { role: "editor" });
    const recoveryCodes = await turnOnTwoFactor(await login(t.app, user.email));
    const sessionsOf = () => t.database.db.$count(sessions, eq(sessions.userId, user.id));
    const challenge = async () =>
      (await api("POST", "/auth/login", { email: user.email, password: TEST_PASSWORD })).json()
        .challenge as string;
    const before = await sessionsOf();

    const first = await challenge();
    const opened = await api("POST", "/auth/login/two-factor", { challenge: first, code: recoveryCodes[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    const again = await api("POST", "/auth/login/two-factor", { challenge: first, code: recoveryCodes[1] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "invalid_token", errors: [{ field: "challenge" }] });
    expect(await sessionsOf()).toBe(before + 1);

    // Two at once with one challenge: one session; the refused one's recovery code stays unused.
    const second = await challenge();
    const racing = await Promise.all(
      [recoveryCodes[2], recoveryCodes[3]].map((code) =>
        api("POST", "/auth/login/two-factor", { challenge: second, code }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await sessionsOf()).toBe(before + 2);
    const status = await api("GET", "/auth/two-factor", undefined, opened.json().data.token);
    expect(status.json().data.recoveryCodesLeft).toBe(8);
  });
});
