import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { users as usersTable } from "../db/schema/index.ts";
import { captureQueries } from "../test-support/capture-queries.ts";
import { bearer, login } from "../test-support/factories.ts";
import { useTestApp } from "../test-support/harness.ts";

const t = useTestApp({ as: "admin" });

/** Whether the statements `fn` ran include the session look-up. */
const looksUpSession = async (fn: () => Promise<unknown>) =>
  (await captureQueries(fn)).some((q) => /from "sessions"/.test(q.text));

describe("the auth guard, decided per route at registration", () => {
  it("a public read-only route looks no session up, even when the call carries a valid Bearer token", async () => {
    const res = { status: 0 };
    expect(
      await looksUpSession(async () => {
        res.status = (await t.call("GET", "/app-message")).statusCode;
      }),
    ).toBe(false);
    expect(res.status).toBe(200);
    expect(await looksUpSession(() => t.call("GET", "/api/health"))).toBe(false);
  });

  it("routes that need the session still read it: an admin route, and the media route that says readsSession", async () => {
    // A token's first request reads its session (later ones find it kept: below).
    const users = async () => t.call("GET", "/users?limit=1", undefined, await login(t.app, t.user.email));
    expect(await looksUpSession(users)).toBe(true);
    const token = await login(t.app, t.user.email);
    const media = () =>
      t.app.inject({ method: "GET", url: "/media/audio/AAAAAAAAAAAAAAAAAAAAAA.mp3", headers: bearer(token) });
    expect(await looksUpSession(media)).toBe(true);
    // Without a token, an admin route still answers 401 before anything else.
    expect((await t.call("GET", "/users?limit=1", undefined, null)).statusCode).toBe(401);
  });

  it("a session read once is kept: its next requests run no query on sessions, until the database says it changed", async () => {
    const token = await login(t.app, t.user.email);
    const users = () => t.call("GET", "/users?limit=1", undefined, token);
    expect(await looksUpSession(users)).toBe(true);
    const again = { status: 0 };
    expect(
      await looksUpSession(async () => {
        again.status = (await users()).statusCode;
      }),
    ).toBe(false);
    expect(again.status).toBe(200);
    // A change to what a session carries (here the e-mail, written straight to the database) is
    // announced: the next request reads the session again.
    await t.database.db
      .update(usersTable)
      .set({ email: `kept-${t.user.email}` })
      .where(eq(usersTable.id, t.user.id));
    expect(await looksUpSession(users)).toBe(true);
    // (PostgreSQL: each connection listening hears the notice, some a moment later: kept once they did.)
    await vi.waitFor(async () => expect(await looksUpSession(users)).toBe(false));
    await t.database.db.update(usersTable).set({ email: t.user.email }).where(eq(usersTable.id, t.user.id));
  });

  it("a public write still refuses a cross-site cookie request", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/support",
      headers: {
        cookie: "md_session=whatever",
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
      },
      payload: { name: "A", email: "a@example.test", message: "Hello there" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("cross_site_request");
  });
});
