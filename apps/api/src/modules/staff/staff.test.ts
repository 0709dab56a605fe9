import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountTokens, activityLog, sessions } from "../../db/schema/index.ts";
import { base32Decode, hotp } from "../../lib/totp.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { createOrPromoteAdmin } from "../auth/index.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

const t = useTestApp({ as: "admin", config: { PUBLIC_URL: "https://serene.example.com" } });

const api = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  token?: string,
  remoteAddress?: string,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: token ? bearer(token) : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });

let n = 0;
const address = (what: string) => `${what}-${++n}-${Date.now()}@example.test`;

/** The back-office invitation links sent to an address, once there are `count`. */
const invitationLinks = (email: string, count = 1) =>
  eventually(() => {
    const links = outboxFor(t.config.mail.outboxDir, email)
      .filter((m) => m.subject === "You are invited to the Serene back office")
      .map((m) => m.text.match(/https:\/\/\S+\/md-login\/set-password\?token=\S+/)?.[0] ?? "");
    expect(links).toHaveLength(count);
    expect(links.every(Boolean)).toBe(true);
    return links;
  });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const setPassword = (link: string, password: string) =>
  api("POST", "/auth/password/reset", { token: tokenOf(link), password });

const actionsFor = async (userId: string) =>
  (
    await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.entityId, userId))
  ).map((r) => r.action);

describe("admin accounts", () => {
  it("invites an editor by e-mail: the link sets a password once, then they sign in as an editor", async () => {
    const email = address("editor");
    const res = await t.call("POST", "/admins", { email, role: "editor", username: "Eddie" });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json().data;
    expect(invited).toMatchObject({
      email,
      role: "editor",
      invited: true,
      twoFactor: false,
      username: "Eddie",
    });

    const [link] = await invitationLinks(email);
    // No password yet: nobody signs in with anything until the link is used.
    expect((await api("POST", "/auth/login", { email, password: "anything-at-all" })).statusCode).toBe(401);
    expect((await setPassword(link!, "editors-own-password")).statusCode).toBe(200);
    // Single use: the same link again is refused.
    const again = await setPassword(link!, "another-password-1");
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("invalid_token");

    const signIn = await api("POST", "/auth/login", { email, password: "editors-own-password" });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.user_role).toBe("editor");
    const list = await t.call("GET", "/admins");
    expect(list.json().data.find((m: { id: string }) => m.id === invited.id)).toMatchObject({
      role: "editor",
      invited: false,
    });
    expect(await actionsFor(invited.id)).toContain("staff.invite");
  });

  it("an invitation's link stops working once expired", async () => {
    const email = address("late");
    const res = await t.call("POST", "/admins", { email, role: "admin" });
    expect(res.statusCode, res.body).toBe(201);
    const [link] = await invitationLinks(email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(accountTokens.userId, res.json().data.id), eq(accountTokens.purpose, "password_reset")));
    const used = await setPassword(link!, "too-late-password");
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe("invalid_token");
  });

  it("refuses an address already in the back office and names the field; an app account is given the role", async () => {
    const staff = await buildUser(t.database.db, { role: "editor" });
    const taken = await t.call("POST", "/admins", { email: staff.email, role: "admin" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: "email", message: expect.any(String) }]);
    const listener = await buildUser(t.database.db);
    const promoted = await t.call("POST", "/admins", { email: listener.email, role: "editor" });
    expect(promoted.statusCode, promoted.body).toBe(201);
    expect(promoted.json().data).toMatchObject({ id: listener.id, role: "editor" });
    const bad = await t.call("POST", "/admins", { email: "not-an-email", role: "owner" });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["email", "role"]);
  });

  it("lists admins and editors only, admins first", async () => {
    const listener = await buildUser(t.database.db);
    const res = await t.call("GET", "/admins");
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; role: string }[];
    expect(rows.map((r) => r.id)).toContain(t.user.id);
    expect(rows.map((r) => r.id)).not.toContain(listener.id);
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(["admin", "editor"]));
    expect(rows.findIndex((r) => r.role === "editor")).toBeGreaterThan(
      rows.findLastIndex((r) => r.role === "admin"),
    );
    expect(res.json().meta.total).toBe(rows.length);
  });

  it("changes a role, removes an editor (their sessions end), never the last admin", async () => {
    const editor = await buildUser(t.database.db, { role: "editor" });
    const editorToken = await login(t.app, editor.email);
    const promoted = await api("PATCH", `/user/admins/${editor.id}`, { role: "admin" }, t.token);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe("admin");
    expect((await api("PATCH", `/user/admins/${editor.id}`, { role: "editor" }, t.token)).statusCode).toBe(
      200,
    );

    const removed = await t.call("DELETE", `/admins/${editor.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api("GET", "/auth/me", undefined, editorToken)).statusCode).toBe(401);
    expect((await t.call("GET", `/admins/${editor.id}`)).statusCode).toBe(404);
    expect(await actionsFor(editor.id)).toEqual(expect.arrayContaining(["staff.role", "staff.remove"]));

    // Admins other than the signed-in one are demoted away, then the last one is refused.
    const others = (await t.call("GET", "/admins"))
      .json()
      .data.filter((m: { id: string; role: string }) => m.role === "admin" && m.id !== t.user.id);
    for (const other of others) expect((await t.call("DELETE", `/admins/${other.id}`)).statusCode).toBe(200);
    for (const attempt of [
      await t.call("DELETE", `/admins/${t.user.id}`),
      await api("PATCH", `/user/admins/${t.user.id}`, { role: "editor" }, t.token),
    ]) {
      expect(attempt.statusCode).toBe(409);
      expect(attempt.json()).toMatchObject({
        code: "last_admin",
        message: expect.stringMatching(/at least one admin/),
      });
    }
    expect((await t.call("GET", `/single/${t.user.id}`)).json().data.user_role).toBe("admin");
  });

  it("two admins removing each other at once: one of them stays", async () => {
    const [a, b] = await Promise.all([1, 2].map(() => buildUser(t.database.db, { role: "admin" })));
    const [aToken, bToken] = await Promise.all([login(t.app, a!.email), login(t.app, b!.email)]);
    // The signed-in admin steps down first, so a and b are the only admins.
    const self = await api("DELETE", `/user/admins/${t.user.id}`, undefined, aToken);
    expect(self.statusCode, self.body).toBe(200);
    const results = await Promise.all([
      api("DELETE", `/user/admins/${b!.id}`, undefined, aToken),
      api("DELETE", `/user/admins/${a!.id}`, undefined, bToken),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const admins = (
      await api("GET", "/user/admins", undefined, results[0]!.statusCode === 200 ? aToken : bToken)
    )
      .json()
      .data.filter((m: { role: string }) => m.role === "admin");
    expect(admins).toHaveLength(1);
    // The test's own admin comes back for the tests after this one.
    const winner = results[0]!.statusCode === 200 ? aToken : bToken;
    expect(
      (await api("POST", "/user/admins", { email: t.user.email, role: "admin" }, winner)).statusCode,
    ).toBe(201);
  });
});

// ---- Two-factor sign-in ----

/** Date only is faked (timers run): each test sits in the middle of one 30-second step. */
const STEP = 30_000;
let step0 = 0;
beforeEach(() => {
  step0 = Math.floor(Date.now() / STEP);
  vi.useFakeTimers({ toFake: ["Date"], now: step0 * STEP + STEP / 2 });
});
afterEach(() => vi.useRealTimers());
/** The authenticator's code `offset` steps from now. */
const codeAt = (secret: string, offset = 0) => hotp(base32Decode(secret), step0 + offset);

/** A staff account with two-factor sign-in on: its secret, recovery codes and token. */
async function withTwoFactor(role: "admin" | "editor" = "admin") {
  const user = await buildUser(t.database.db, { role });
  const token = await login(t.app, user.email);
  const setup = await api("POST", "/auth/two-factor/setup", undefined, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const on = await api("POST", "/auth/two-factor/enable", { code: codeAt(secret, -1) }, token);
  expect(on.statusCode, on.body).toBe(200);
  return { user, secret, token, recoveryCodes: on.json().data.recoveryCodes as string[] };
}
const sessionsOf = (userId: string) => t.database.db.$count(sessions, eq(sessions.userId, userId));

describe("two-factor sign-in", () => {
  it("set-up: the secret, otpauth URI and QR code, confirmed by a code; 10 recovery codes, stored hashed", async () => {
    const user = await buildUser(t.database.db, { role: "editor" });
    const token = await login(t.app, user.email);
    const setup = await api("POST", "/auth/two-factor/setup", undefined, token);
    const { secret, uri, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Serene:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Serene&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until confirmed; a wrong code names the field.
    expect((await api("GET", "/auth/two-factor", undefined, token)).json().data.enabled).toBe(false);
    const wrong = await api("POST", "/auth/two-factor/enable", { code: codeAt(secret, 5) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe("code");
    const on = await api("POST", "/auth/two-factor/enable", { code: codeAt(secret) }, token);
    expect(on.statusCode).toBe(200);
    const codes = on.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((c) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(c))).toBe(true);
    const stored = await t.database.db.execute(
      sql`select code_hash from recovery_codes where user_id = ${user.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace("-", ""));
    expect((await api("GET", "/auth/two-factor", undefined, token)).json().data).toEqual({
      enabled: true,
      setupRequired: false,
      recoveryCodesLeft: 10,
    });
    expect(await actionsFor(user.id)).toContain("auth.two_factor_on");
  });

  it("sign-in: the password answers a challenge and no session; the code opens one, and is refused a second time", async () => {
    const { user, secret } = await withTwoFactor();
    const before = await sessionsOf(user.id);
    const first = await api("POST", "/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      status: false,
      code: "two_factor_required",
      message: expect.stringMatching(/authenticator app/),
      challenge: expect.any(String),
    });
    expect(first.json().data).toBeUndefined();
    expect(await sessionsOf(user.id)).toBe(before);

    const { challenge } = first.json();
    const code = codeAt(secret);
    const second = await api("POST", "/auth/login/two-factor", { challenge, code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user.user_role).toBe("admin");
    expect(String(second.headers["set-cookie"])).toContain("md_session=");
    expect(await sessionsOf(user.id)).toBe(before + 1);
    expect((await api("GET", "/user/admins", undefined, second.json().data.token)).statusCode).toBe(200);

    // The same code again, even with a new challenge, is refused: a code works once.
    const retry = await api("POST", "/auth/login", { email: user.email, password: TEST_PASSWORD });
    const replay = await api("POST", "/auth/login/two-factor", { challenge: retry.json().challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].field).toBe("code");
    // A tampered challenge is refused whatever the code.
    const forged = await api("POST", "/auth/login/two-factor", {
      challenge: `${challenge}x`,
      code: codeAt(secret, 1),
    });
    expect(forged.json().code).toBe("invalid_token");
    expect(await sessionsOf(user.id)).toBe(before + 1);
  });

  it("a recovery code signs in once", async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const challenge = async () =>
      (await api("POST", "/auth/login", { email: user.email, password: TEST_PASSWORD })).json().challenge;
    const used = await api("POST", "/auth/login/two-factor", {
      challenge: await challenge(),
      code: recoveryCodes[3]!.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await api("POST", "/auth/login/two-factor", {
      challenge: await challenge(),
      code: recoveryCodes[3],
    });
    expect(again.statusCode).toBe(400);
    expect(await actionsFor(user.id)).toEqual(
      expect.arrayContaining(["auth.recovery_code_used", "auth.sign_in"]),
    );
    const status = await api("GET", "/auth/two-factor", undefined, used.json().data.token);
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it("wrong codes are limited as wrong passwords are", async () => {
    const { user } = await withTwoFactor();
    const ip = "203.0.113.77";
    const first = await api(
      "POST",
      "/auth/login",
      { email: user.email, password: TEST_PASSWORD },
      undefined,
      ip,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(
        "POST",
        "/auth/login/two-factor",
        { challenge: first.json().challenge, code: "000000" },
        undefined,
        ip,
      );
      statuses.push(res.statusCode);
    }
    // The password step counts until the code is right: 1 + 4 wrong codes use the 5 attempts.
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(await actionsFor(user.id)).toContain("auth.sign_in_failed");
  });

  it("turning it off needs a current code", async () => {
    const { user, secret, token } = await withTwoFactor("editor");
    const wrong = await api("POST", "/auth/two-factor/disable", { code: "123456" }, token);
    expect(wrong.statusCode).toBe(400);
    const off = await api("POST", "/auth/two-factor/disable", { code: codeAt(secret, 1) }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await api("POST", "/auth/login", { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await actionsFor(user.id)).toContain("auth.two_factor_off");
  });

  it("npm run admin:create lets an admin who lost their authenticator back in: two-factor sign-in is off", async () => {
    const { user } = await withTwoFactor();
    expect(await createOrPromoteAdmin(t.database.db, user.email, "a-fresh-long-password")).toBe("promoted");
    const res = await api("POST", "/auth/login", { email: user.email, password: "a-fresh-long-password" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api("GET", "/auth/two-factor", undefined, res.json().data.token)).json().data.enabled).toBe(
      false,
    );
  });

  it("the old client's sign-in (e-mail and password) still answers its shape for an account without two-factor", async () => {
    const res = await api("POST", "/auth/login", { email: t.user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ token: expect.any(String), user: { user_role: "admin" } });
  });
});

describe("require two-factor for every admin", () => {
  it("a staff session without it reaches only its set-up until it is on; it cannot be turned off meanwhile", async () => {
    const admin = await withTwoFactor();
    const on = await api("PUT", "/user/back-office-settings", { requireTwoFactor: true }, admin.token);
    expect(on.statusCode, on.body).toBe(200);
    try {
      const editor = await buildUser(t.database.db, { role: "editor" });
      const token = await login(t.app, editor.email);
      const blocked = await api("GET", "/user/resources", undefined, token);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({
        code: "two_factor_setup_required",
        message: expect.stringMatching(/two-factor/),
      });
      expect((await api("GET", "/auth/me", undefined, token)).statusCode).toBe(200);
      expect((await api("GET", "/auth/two-factor", undefined, token)).json().data).toMatchObject({
        enabled: false,
        setupRequired: true,
      });
      const { secret } = (await api("POST", "/auth/two-factor/setup", undefined, token)).json().data;
      expect((await api("POST", "/auth/two-factor/enable", { code: codeAt(secret) }, token)).statusCode).toBe(
        200,
      );
      expect((await api("GET", "/user/resources", undefined, token)).statusCode).toBe(200);
      // A listener is not concerned.
      const listener = await buildUser(t.database.db);
      expect((await api("GET", "/app/me", undefined, await login(t.app, listener.email))).statusCode).toBe(
        200,
      );
      // While required, an admin cannot turn theirs off.
      const off = await api(
        "POST",
        "/auth/two-factor/disable",
        { code: codeAt(admin.secret, 1) },
        admin.token,
      );
      expect(off.statusCode).toBe(409);
      expect((await api("GET", "/user/back-office-settings", undefined, admin.token)).json().data).toEqual({
        requireTwoFactor: true,
      });
    } finally {
      await api("PUT", "/user/back-office-settings", { requireTwoFactor: false }, admin.token);
    }
  });
});
