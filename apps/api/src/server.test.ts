import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "./test-support/harness.ts";
import { freshStore, port, type Running, startServer, waitFor } from "./test-support/server-process.ts";

const started: Running[] = [];
afterAll(() => {
  for (const r of started) r.child.kill("SIGKILL");
});

describe(`the server process (${testDatabaseKind})`, () => {
  it("migrates, creates the first admin, serves, and shuts down gracefully on SIGTERM; a second start is a no-op migration", async () => {
    const store = await freshStore();
    const env = { ...store, ADMIN_EMAIL: "first@serene.test", ADMIN_PASSWORD: "first-admin-password" };
    const first = startServer(env);
    started.push(first);
    await waitFor(first, "Serene is running");
    expect(first.output()).toContain("first admin created from ADMIN_EMAIL");
    const base = `http://127.0.0.1:${port(first)}`;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer secret-in-header" },
      body: JSON.stringify({ email: "first@serene.test", password: "first-admin-password" }),
    });
    expect(((await login.json()) as { data: { user: { user_role: string } } }).data.user.user_role).toBe(
      "admin",
    );
    // JSON log lines carry the request id, and never the credentials.
    expect(first.output()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    expect(first.output()).not.toContain("first-admin-password");
    expect(first.output()).not.toContain("secret-in-header");

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shutting down");

    const second = startServer(env);
    started.push(second);
    await waitFor(second, "Serene is running");
    expect(second.output()).not.toContain("first admin created");
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  }, 180_000);

  it.runIf(testDatabaseKind === "pglite")(
    "refuses a second process on the same DATA_DIR",
    async () => {
      const { DATA_DIR } = await freshStore();
      const first = startServer({ DATA_DIR: DATA_DIR! });
      started.push(first);
      await waitFor(first, "Serene is running");
      const second = startServer({ DATA_DIR: DATA_DIR! });
      started.push(second);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data folder ${DATA_DIR} is in use by another Serene process`);
      // The first one is unharmed.
      expect((await fetch(`http://127.0.0.1:${port(first)}/api/health`)).status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(DATA_DIR!, "serene.lock"))).toBe(false);
    },
    180_000,
  );

  it("fails fast listing every bad variable", async () => {
    const bad = startServer({ PORT: "not-a-port", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "a@b.test" });
    started.push(bad);
    expect(await bad.exited).toBe(1);
    const out = bad.output();
    expect(out).toContain("Invalid configuration");
    expect(out).toContain("PORT");
    expect(out).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(out).toContain("ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  });
});
