import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "./test-support/harness.ts";
import { freshStore, port, type Running, startServer, waitFor } from "./test-support/server-process.ts";

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
    await waitFor(first, "Serene is running");
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
    await waitFor(second, "Serene is running");
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
