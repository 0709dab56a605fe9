import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index.ts";
import { sha256 } from "../../lib/tokens.ts";
import { buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { createTestApp, type TestApp, testDatabaseKind } from "../../test-support/harness.ts";

/**
 * Every way a session or a role ends takes effect on the very next request: nothing about a
 * session is remembered between requests. Each test first uses the token it later expects refused,
 * so an answer kept from that first request would show.
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const me = (token: string) => call("GET", "/api/v1/auth/me", token);

async function listener() {
  const user = await buildUser(t.database.db);
  return { user, token: await login(t.app, user.email), other: await login(t.app, user.email) };
}

describe("revocation holds on the next request", () => {
  it("an admin deletes a user: their token answers 401 unauthenticated on every route", async () => {
    const { user, token } = await listener();
    const content = await buildResource(t.database.db, { audioKey: "audio/track.mp3" });
    expect((await call("PUT", `/api/v1/app/favourites/${content.id}`, token)).statusCode).toBe(200);

    expect((await call("POST", "/api/v1/user/delete", adminToken, { id: user.id })).statusCode).toBe(200);

    const favourite = await call("PUT", `/api/v1/app/favourites/${content.id}`, token);
    expect(favourite.statusCode, favourite.body).toBe(401);
    expect(favourite.json().code).toBe("unauthenticated");
    // Every route that needs a session (the portal's have sessions of their own).
    const guarded = t.routes.filter((r) => !["public", "business"].includes(r.config?.access as string));
    expect(guarded.length).toBeGreaterThan(50);
    for (const route of guarded) {
      for (const method of [route.method].flat()) {
        if (method === "HEAD") continue;
        const url = route.url.replace(/:\w+/g, randomUUID());
        const res = await t.app.inject({ method, url, headers: bearer(token) });
        expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([401, "unauthenticated"]);
      }
    }
  });

  it("make host, and a role taken away, hold on the next request with the same token", async () => {
    const { user, token } = await listener();
    expect((await call("GET", "/api/v1/app/host/resources", token)).statusCode).toBe(403);

    expect((await call("POST", `/api/v1/user/users/${user.id}/make-host`, adminToken)).statusCode).toBe(200);
    expect((await call("GET", "/api/v1/app/host/resources", token)).statusCode).toBe(200);

    // Taken away in the database (by another instance, or by hand): refused at once.
    await t.database.db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    expect((await call("GET", "/api/v1/app/host/resources", token)).statusCode).toBe(403);
  });

  it("an admin demoted in the database is refused the back office at once", async () => {
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    expect((await call("GET", "/api/v1/user/users", token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    expect((await call("GET", "/api/v1/user/users", token)).statusCode).toBe(403);
  });

  it("a password change ends the other sessions", async () => {
    const { token, other } = await listener();
    expect((await me(other)).statusCode).toBe(200);
    const changed = await call("POST", "/api/v1/auth/change-password", token, {
      currentPassword: TEST_PASSWORD,
      newPassword: "another-long-password",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("sign-out everywhere ends the other sessions", async () => {
    const { token, other } = await listener();
    expect((await me(other)).statusCode).toBe(200);
    expect((await call("POST", "/api/v1/auth/sessions/revoke-all", token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("a revoked session ends", async () => {
    const { token, other } = await listener();
    expect((await me(other)).statusCode).toBe(200);
    const [second] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(other)));
    expect((await call("DELETE", `/api/v1/auth/sessions/${second!.id}`, token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("logout ends the session", async () => {
    const { token } = await listener();
    expect((await me(token)).statusCode).toBe(200);
    expect((await call("POST", "/api/v1/auth/logout", token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  // Only PostgreSQL runs two transactions at once: the deletion holds the user's row while the
  // request, its session already checked, writes a row pointing at it.
  it.skipIf(testDatabaseKind !== "postgres")(
    "a user deleted while their write runs: 401 unauthenticated, not 500",
    async () => {
      const { user, token } = await listener();
      const content = await buildResource(t.database.db, { audioKey: "audio/track.mp3" });
      const { write } = await t.database.db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.id, user.id));
        const write = call("PUT", `/api/v1/app/favourites/${content.id}`, token);
        // Let the request check its session and block on the user's row, then commit the deletion.
        await new Promise((r) => setTimeout(r, 300));
        return { write };
      });
      const answer = await write;
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json().code).toBe("unauthenticated");
    },
  );
});
