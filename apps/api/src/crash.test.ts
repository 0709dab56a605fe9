import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config/env.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { listeningSessions } from "./db/schema/index.ts";
import { buildResource } from "./test-support/catalogue.ts";
import { buildUser, TEST_PASSWORD } from "./test-support/factories.ts";
import { testDatabaseKind } from "./test-support/harness.ts";
import {
  freshStore,
  port,
  type Running,
  startServer,
  waitFor,
  waitForStart,
} from "./test-support/server-process.ts";

const ADMIN = { ADMIN_EMAIL: "crash@serene.test", ADMIN_PASSWORD: "crash-test-admin-password" };

const started: Running[] = [];
afterAll(() => {
  for (const r of started) r.child.kill("SIGKILL");
});

describe(`kill -9 during a burst of writes (${testDatabaseKind})`, () => {
  it("loses no acknowledged write", async () => {
    const env = { ...(await freshStore()), ...ADMIN, SUPPORT_REQUESTS_PER_ADDRESS: "100000" };
    const first = startServer(env);
    started.push(first);
    await waitForStart(first);
    const base = `http://127.0.0.1:${port(first)}`;

    // Eight writers post support messages until the server dies under them.
    const acknowledged = new Set<string>();
    let refusedOrCut = 0;
    let cut = false;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        try {
          const subject = `write ${w}-${i}`;
          const res = await fetch(`${base}/api/v1/user/support`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              fullName: "Crash Test",
              email: "writer@example.test",
              subject,
              message: "A message written during the crash test.",
            }),
          });
          if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
          acknowledged.add(subject);
        } catch (err) {
          if (!cut) console.error("write failed before the kill", err);
          refusedOrCut++;
          return;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    await waitFor(first, () => acknowledged.size >= 60);
    cut = true;
    first.child.kill("SIGKILL");
    await writers;
    expect(await first.exited).toBe(null);

    // The same data folder or database: PGlite's stale lock is taken over, the data must all be there.
    const second = startServer(env);
    started.push(second);
    await waitForStart(second);
    const again = `http://127.0.0.1:${port(second)}`;
    const login = await fetch(`${again}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const stored = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${again}/api/v1/user/support-messages?limit=100&page=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { data, meta } = (await res.json()) as { data: { subject: string }[]; meta: { pages: number } };
      for (const m of data) stored.add(m.subject);
      if (page >= meta.pages) break;
    }
    const lost = [...acknowledged].filter((subject) => !stored.has(subject));
    console.info(
      `crash test (${testDatabaseKind}): ${acknowledged.size} writes acknowledged before kill -9, ${refusedOrCut} cut off, ${stored.size} stored after restart, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 180_000);
});

describe(`kill -9 right after acknowledged progress reports (${testDatabaseKind})`, () => {
  it("keeps every report the server answered 2xx", async () => {
    const env = await freshStore();
    // The listener and 50 open sessions, written before the server starts.
    const REPORTS = 50;
    const setup = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: "silent" }));
    const user = await buildUser(setup.db);
    const sessionIds: string[] = [];
    for (let i = 0; i < REPORTS; i++) {
      const resource = await buildResource(setup.db, { durationSeconds: 600, audioKey: "audio/track.mp3" });
      const [row] = await setup.db
        .insert(listeningSessions)
        .values({
          userId: user.id,
          resourceId: resource.id,
          startedAt: sql`now() - interval '1 minute'`,
          lastReportAt: sql`now() - interval '1 minute'`,
        })
        .returning({ id: listeningSessions.id });
      sessionIds.push(row!.id);
    }
    await setup.close();

    const server = startServer(env);
    started.push(server);
    await waitForStart(server);
    const base = `http://127.0.0.1:${port(server)}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    // One report per session, five in flight; kill -9 as soon as the last one is answered.
    const queue = [...sessionIds];
    let acknowledged = 0;
    const sender = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const res = await fetch(`${base}/api/v1/app/sessions/${id}/progress`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ seq: 1, listenedSeconds: 30, position: 30 }),
        });
        expect(res.status, await res.text()).toBe(200);
        acknowledged++;
      }
    };
    await Promise.all(Array.from({ length: 5 }, sender));
    server.child.kill("SIGKILL");
    expect(await server.exited).toBe(null);
    expect(acknowledged).toBe(REPORTS);

    const after = await openConfiguredDatabase(loadConfig({ ...env, LOG_LEVEL: "silent" }));
    try {
      const [{ stored }] = (
        (await after.db.execute(
          sql`select count(*)::int as stored from listening_sessions where seq = 1 and position = 30`,
        )) as unknown as { rows: { stored: number }[] }
      ).rows as [{ stored: number }];
      console.info(
        `crash test (${testDatabaseKind}): ${acknowledged} progress reports acknowledged before kill -9, ${stored} stored after restart`,
      );
      expect(stored).toBe(REPORTS);
    } finally {
      await after.close();
    }
  }, 60_000);
});
