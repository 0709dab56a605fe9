import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaSignature } from "./modules/media/index.ts";
import { buildResource } from "./test-support/catalogue.ts";
import { bearer, buildUser, login } from "./test-support/factories.ts";
import { createTestApp, type TestApp } from "./test-support/harness.ts";
import { fixture, uploadFixture } from "./test-support/multipart.ts";
import { buyCodes } from "./test-support/purchases.ts";

const SECRET = "journey-test-signing-secret-0123456789abcdef";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MEDIA_SIGNING_SECRET: SECRET });
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
/** The path and query of an absolute URL the server handed out. */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe("a listener's journey", () => {
  it("signs up with a business code, finds paid content, streams it with Range; the link expires and the plain file is refused", async () => {
    // A business buys seats; an employee receives a code by e-mail.
    const { codes, businessName } = await buyCodes(t);

    // The back office has published a paid meditation with real audio.
    const admin = await buildUser(t.database.db, { role: "admin" });
    const adminToken = await login(t.app, admin.email);
    const audioUrl = await uploadFixture(t.app, adminToken, "tone.mp3");
    const imageUrl = await uploadFixture(t.app, adminToken, "cover.png");
    const audioKey = new URL(audioUrl).pathname.replace("/media/", "");
    const paid = await buildResource(t.database.db, {
      title: "Deep Sleep Journey",
      description: "Drift off gently.",
      paymentType: "paid",
      audioKey,
      imageKey: new URL(imageUrl).pathname.replace("/media/", ""),
      noPlays: 1_000_000,
    });

    // Sign-up with the code: paid at once; a code nobody was invited with proves no address.
    const signup = await api("POST", "/auth/signup", undefined, {
      email: `employee-${Date.now()}@example.test`,
      password: "a-calm-password",
      username: "Employee",
      ageConfirmed: true,
      mood: "sad",
      code: codes[0],
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const token = signup.json().data.token as string;
    const me = (await api("GET", "/app/me", token)).json().data;
    expect(me).toMatchObject({ emailVerified: false, entitlement: { paid: true, source: { businessName } } });

    // Home: the paid item is there and unlocked.
    const home = (await api("GET", "/app/home", token)).json().data;
    const popular = home.sections.find((s: { key: string }) => s.key === "popular").items;
    expect(popular[0]).toMatchObject({ _id: paid.id, locked: false });

    // Search, with a typo.
    const found = (await api("GET", "/app/resources?q=slep%20journy", token)).json();
    expect(found.data.map((r: { _id: string }) => r._id)).toEqual([paid.id]);

    // A stream URL, at most an hour long.
    const stream = await api("POST", `/app/resources/${paid.id}/stream`, token);
    expect(stream.statusCode, stream.body).toBe(200);
    const { url, expiresAt } = stream.json().data;
    const left = new Date(expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(3600_000);
    expect(new URL(url).searchParams.get("sig")).toBeTruthy();

    // Fetched with Range, as a player does.
    const bytes = fixture("tone.mp3");
    const part = await t.app.inject({ method: "GET", url: local(url), headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    expect(String(part.headers["cache-control"])).not.toMatch(/public|immutable/);

    // The URL expires: the same signature scheme with a time in the past is refused.
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `/media/${audioKey}?exp=${past}&sig=${mediaSignature(SECRET, audioKey, past)}`;
    expect((await t.app.inject({ method: "GET", url: expired })).statusCode).toBe(403);
    // A signature of another file, or a changed expiry, does not open this one.
    const sig = new URL(url).searchParams.get("sig");
    const later = Number(new URL(url).searchParams.get("exp")) + 3600;
    expect(
      (await t.app.inject({ method: "GET", url: `/media/${audioKey}?exp=${later}&sig=${sig}` })).statusCode,
    ).toBe(403);

    // Anonymous, the plain file is refused; the admin still gets it; the cover stays public.
    const anonymous = await t.app.inject({ method: "GET", url: `/media/${audioKey}` });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ status: false, code: "forbidden" });
    expect(
      (await t.app.inject({ method: "GET", url: `/media/${audioKey}`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(200);
    const cover = await t.app.inject({ method: "GET", url: local(imageUrl) });
    expect(cover.statusCode).toBe(200);
    expect(String(cover.headers["cache-control"])).toMatch(/immutable/);

    // A listener without entitlement gets 403 subscription_required, and the item is locked.
    const free = await login(t.app, (await buildUser(t.database.db)).email);
    const locked = await api("POST", `/app/resources/${paid.id}/stream`, free);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: "subscription_required" });
    expect((await api("GET", `/app/resources/${paid.id}`, free)).json().data.locked).toBe(true);
    expect(
      (await api("POST", "/app/resources/00000000-0000-4000-8000-000000000000/stream", free)).statusCode,
    ).toBe(404);
  });

  it("a free content's stream link is personal and never cached publicly; its plain file stays public", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const audioUrl = await uploadFixture(t.app, await login(t.app, admin.email), "tone.mp3");
    const audioKey = new URL(audioUrl).pathname.replace("/media/", "");
    const free = await buildResource(t.database.db, { paymentType: "free", audioKey });
    const listener = await login(t.app, (await buildUser(t.database.db)).email);
    const { url } = (await api("POST", `/app/resources/${free.id}/stream`, listener)).json().data;

    const signed = await t.app.inject({ method: "GET", url: local(url) });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(fixture("tone.mp3"))).toBe(true);
    expect(signed.headers["cache-control"]).toBe("private, no-store");
    const plain = await t.app.inject({ method: "GET", url: `/media/${audioKey}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
