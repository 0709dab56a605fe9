import { describe, expect, it } from "vitest";
import { captureQueries } from "../test-support/capture-queries.ts";
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
    expect(await looksUpSession(() => t.call("GET", "/users?limit=1"))).toBe(true);
    const media = () =>
      t.app.inject({
        method: "GET",
        url: "/media/audio/AAAAAAAAAAAAAAAAAAAAAA.mp3",
        headers: { authorization: `Bearer ${t.token}` },
      });
    expect(await looksUpSession(media)).toBe(true);
    // Without a token, an admin route still answers 401 before anything else.
    expect((await t.call("GET", "/users?limit=1", undefined, null)).statusCode).toBe(401);
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
