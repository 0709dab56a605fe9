import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./config/env.ts";
import { testDatabaseKind } from "./test-support/harness.ts";
import { eventually } from "./test-support/mail.ts";
import { freshStore, port, type Running, startServer, waitForStart } from "./test-support/server-process.ts";

const started: Running[] = [];
afterAll(() => {
  for (const r of started) {
    if (r.child.exitCode === null && r.child.signalCode === null) process.kill(-r.child.pid!, "SIGKILL");
  }
});

describe(`the server process (${testDatabaseKind})`, () => {
  it("migrates, creates the first admin, serves, and shuts down gracefully on SIGTERM; a second start is a no-op migration", async () => {
    const store = await freshStore();
    const env = { ...store, ADMIN_EMAIL: "first@serene.test", ADMIN_PASSWORD: "first-admin-password" };
    const first = startServer(env);
    started.push(first);
    await waitForStart(first);
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
    await waitForStart(second);
    expect(second.output()).not.toContain("first admin created");
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  }, 180_000);

  it("prints a start-up summary (URLs, the demo admin's password once, the data, what is embedded) and one log line per request", async () => {
    const store = await freshStore();
    const env = { ...store, DEMO_DATA: "true" };
    const first = startServer(env);
    started.push(first);
    await waitForStart(first);
    const summary = first.output().slice(first.output().indexOf("Serene is running"));
    const password =
      /Demo admin +admin@serene\.example, password (\S+) \(shown this once; kept in (.+)\)/.exec(summary);
    expect(password?.[2]).toBe(path.join(store.DATA_DIR!, "demo-admin.txt"));
    expect(summary).toMatch(/Back office +http:\/\/\S+\/md-login/);
    expect(summary).toContain(`Data `);
    expect(summary).toContain(store.DATA_DIR!);
    expect(summary).toContain(store.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite in ");
    expect(summary).toMatch(/E-mail +written as \.eml files to \S+outbox; set SMTP_URL/);
    expect(summary).toMatch(/Media +files in \S+media; set S3_BUCKET/);
    expect(summary).toMatch(/Payments +test mode.*set STRIPE_SECRET_KEY/);
    // The password is information in the summary, not a warning in the JSON log.
    expect(first.output().split(password![1]!)).toHaveLength(2);
    expect(first.output()).not.toMatch(/"level":40[^\n]*demo admin/);

    const base = `http://127.0.0.1:${port(first)}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "one-line-login" },
      body: JSON.stringify({ email: "admin@serene.example", password: password![1] }),
    });
    expect(login.status).toBe(200);
    for (const id of ["one-line-a", "one-line-b"])
      expect((await fetch(`${base}/api/health`, { headers: { "x-request-id": id } })).status).toBe(200);
    const missing = await fetch(`${base}/api/v1/nothing-here`, {
      headers: { "x-request-id": "one-line-404" },
    });
    expect(missing.status).toBe(404);
    // Exactly one line per request, once answered: method, url, status and time.
    const linesOf = (id: string) =>
      first
        .output()
        .split("\n")
        .filter((l) => l.includes(`"reqId":"${id}"`));
    await eventually(() => expect(linesOf("one-line-404")).toHaveLength(1));
    for (const [id, method, url, status] of [
      ["one-line-login", "POST", "/api/v1/auth/login", 200],
      ["one-line-a", "GET", "/api/health", 200],
      ["one-line-b", "GET", "/api/health", 200],
      ["one-line-404", "GET", "/api/v1/nothing-here", 404],
    ] as const) {
      const lines = linesOf(id);
      expect(lines, id).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, method, url, status, ms: expect.any(Number) });
    }
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // Shown once: the next start says where the password is kept.
    const second = startServer(env);
    started.push(second);
    await waitForStart(second);
    expect(second.output()).toMatch(/Demo admin +admin@serene\.example, password in \S+demo-admin\.txt/);
    expect(second.output()).not.toContain(password![1]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 180_000);

  it.runIf(testDatabaseKind === "pglite")(
    "refuses a second process on the same DATA_DIR",
    async () => {
      const { DATA_DIR } = await freshStore();
      const first = startServer({ DATA_DIR: DATA_DIR! });
      started.push(first);
      await waitForStart(first);
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

  it.runIf(testDatabaseKind === "pglite")(
    "Ctrl-C on `npm start` (SIGINT to the whole process group) shuts down gracefully, whichever process gets it",
    async () => {
      const { DATA_DIR } = await freshStore();
      // npm (which passes signals on to its script), scripts/start.mjs's supervisor, the server
      // from source: the real process tree of `npm start`, without the build.
      const supervisor = path.join(repoRoot(), "scripts/supervise.mjs");
      const supervise = (args: string[]) =>
        `(await import(${JSON.stringify(supervisor)})).supervise(${JSON.stringify(args)});`;
      const startScript = ["--input-type=module", "-e", supervise(["--import", "tsx", "src/server.ts"])];
      const group = startServer({ DATA_DIR: DATA_DIR! }, [
        "--input-type=module",
        "-e",
        supervise(startScript),
      ]);
      started.push(group);
      await waitForStart(group);
      expect(fs.existsSync(path.join(DATA_DIR!, "serene.lock"))).toBe(true);
      // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group.
      process.kill(-group.child.pid!, "SIGINT");
      expect(await group.exited).toBe(0);
      expect(group.output()).toContain("shutting down");
      expect(group.output()).not.toContain("exiting now");
      // PGlite was closed and the lock released: the folder opens again at once.
      expect(fs.existsSync(path.join(DATA_DIR!, "serene.lock"))).toBe(false);
      const again = startServer({ DATA_DIR: DATA_DIR! });
      started.push(again);
      await waitForStart(again);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    },
    180_000,
  );

  it("kill -9 during an upload: the restarted server sweeps the stale temporary file, keeping fresh ones", async () => {
    const store = await freshStore();
    const env = { ...store, ADMIN_EMAIL: "crash@serene.test", ADMIN_PASSWORD: "crash-admin-password" };
    const tempDir = path.join(store.DATA_DIR!, "media", ".tmp");
    const first = startServer(env);
    started.push(first);
    await waitForStart(first);
    const login = await fetch(`http://127.0.0.1:${port(first)}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "crash@serene.test", password: "crash-admin-password" }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    // An upload that has sent part of its file and no more.
    const boundary = "crash-boundary";
    const upload = http.request({
      host: "127.0.0.1",
      port: port(first),
      method: "POST",
      path: "/api/v1/user/upload?kind=audio",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(5 * 1024 * 1024),
      },
    });
    upload.on("error", () => {});
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    upload.write(Buffer.alloc(64 * 1024, 0xff));
    const parts = () =>
      fs.existsSync(tempDir) ? fs.readdirSync(tempDir).filter((f) => f.endsWith(".part")) : [];
    await eventually(() => expect(parts()).toHaveLength(1), 30_000);

    process.kill(-first.child.pid!, "SIGKILL");
    await first.exited;
    upload.destroy();
    const [leftover] = parts();
    expect(leftover).toBeDefined();
    // Older than an hour by the time the server comes back; a fresh one may be another instance's upload.
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(path.join(tempDir, leftover!), old, old);
    fs.writeFileSync(path.join(tempDir, "another-instance.part"), "under way");

    const second = startServer(env);
    started.push(second);
    await waitForStart(second);
    expect(second.output()).toContain("removed temporary files left by interrupted uploads");
    expect(parts()).toEqual(["another-instance.part"]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 180_000);

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
