import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, sha256 } from "./lib/tokens.ts";
import { eventually, outboxFor } from "./test-support/mail.ts";
import { fixture, multipartFile } from "./test-support/multipart.ts";
import { nginxMissing, startNginx } from "./test-support/nginx.ts";
import {
  freshPostgresDatabase,
  port,
  type Running,
  startServer,
  waitFor,
  waitForStart,
} from "./test-support/server-process.ts";

/**
 * The supported multi-instance setup, end to end (docs/operations.md): two server processes on
 * one PostgreSQL database and one shared DATA_DIR (media, outbox), behind Debian's nginx running
 * the shipped deploy/nginx/serene.conf, driven through nginx.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const missing = !serverUrl ? "TEST_DATABASE_URL is not set (it needs a PostgreSQL server)" : nginxMissing();
if (missing && serverUrl) console.warn(`scale-out test skipped: ${missing}`);

const ADMIN = { email: "ops@serene.test", password: "scale-out-admin-password" };
const ADDRESS_LIMIT = 20;

describe.skipIf(missing)(
  `two instances on one PostgreSQL behind nginx${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    const instances: Running[] = [];
    let nginx: Awaited<ReturnType<typeof startNginx>>;
    let dataDir: string;
    let databaseUrl: string;
    let token: string;
    /** Every failed POST /auth/login sent through nginx, to check the shared address limit. */
    let failedLogins = 0;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-scale-out-"));
      databaseUrl = await freshPostgresDatabase(serverUrl!);
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        TRUST_PROXY: "true",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_ATTEMPTS_PER_ADDRESS: String(ADDRESS_LIMIT),
        JOB_INTERVAL_SECONDS: "1",
        LOG_LEVEL: "debug",
      };
      // Started together: migrations and the first admin must cope with a twin starting.
      instances.push(startServer(env), startServer(env));
      await Promise.all(instances.map((i) => waitForStart(i)));
      nginx = await startNginx(dataDir, instances.map(port));
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      for (const i of instances) i.child.kill("SIGTERM");
      await Promise.all(instances.map((i) => i.exited));
      if (databaseUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        await admin.end();
      }
    });

    /**
     * Which instance answered a request: its log line carries the request id the test chose. The
     * line is written once the answer is sent, so it may reach the output just after the answer.
     */
    const servedBy = (requestId: string) =>
      eventually(() => {
        const index = instances.findIndex((i) => i.output().includes(`"reqId":"${requestId}"`));
        if (index < 0) throw new Error(`no instance logged request ${requestId}`);
        return index;
      });

    async function signIn(requestId: string, password: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${nginx.base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": requestId, ...headers },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
      if (res.status !== 200) failedLogins++;
      return { status: res.status, body: (await res.json()) as { message: string; data: { token: string } } };
    }

    it("signs in through nginx on both instances", async () => {
      const served: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await signIn(`sign-in-${i}`, ADMIN.password);
        expect(res.status).toBe(200);
        token = res.body.data.token;
        served.push(await servedBy(`sign-in-${i}`));
      }
      expect(new Set(served)).toEqual(new Set([0, 1]));
      // A session made on one instance is good on the other.
      const me = await Promise.all(
        instances.map((i) =>
          fetch(`http://127.0.0.1:${port(i)}/api/v1/auth/me`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      expect(me.map((r) => r.status)).toEqual([200, 200]);
    });

    it("a session ended or a role changed on one instance holds on the other at the next request", async () => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      // A listener and their sessions, made straight in the database (sign-ins count against the address limit).
      const { rows } = await db.query(
        `insert into users (username, email) values ('Two devices', 'two-devices@example.test') returning id`,
      );
      const listenerId = (rows[0] as { id: string }).id;
      const session = async () => {
        const t = newToken();
        await db.query(
          `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`,
          [listenerId, sha256(t)],
        );
        return t;
      };
      const [keeper, other] = [await session(), await session()];
      const on = (k: number, method: string, url: string, t: string) =>
        fetch(`http://127.0.0.1:${port(instances[k]!)}/api/v1${url}`, {
          method,
          headers: { authorization: `Bearer ${t}` },
        });
      // Each token is used on instance 1 first, so an answer it kept would show.
      expect((await on(1, "GET", "/auth/me", other)).status).toBe(200);
      expect((await on(0, "POST", "/auth/sessions/revoke-all", keeper)).status).toBe(200);
      expect((await on(1, "GET", "/auth/me", other)).status).toBe(401);

      const revoked = await session();
      await db.end();
      expect((await on(1, "GET", "/auth/me", revoked)).status).toBe(200);
      const listed = (await (await on(0, "GET", "/auth/sessions", keeper)).json()) as {
        data: { _id: string; current: boolean }[];
      };
      const ended = listed.data.find((s) => !s.current)!;
      expect((await on(0, "DELETE", `/auth/sessions/${ended._id}`, keeper)).status).toBe(200);
      expect((await on(1, "GET", "/auth/me", revoked)).status).toBe(401);

      expect((await on(1, "GET", "/app/host/resources", keeper)).status).toBe(403);
      expect((await on(0, "POST", `/user/users/${listenerId}/make-host`, token)).status).toBe(200);
      expect((await on(1, "GET", "/app/host/resources", keeper)).status).toBe(200);
    });

    it("serves a file uploaded through one instance from the other", async () => {
      const { payload, headers } = multipartFile(fixture("cover.png"), "cover.png", "image/png");
      const res = await fetch(`${nginx.base}/api/v1/user/upload`, {
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${token}`, "x-request-id": "upload-1" },
        body: new Uint8Array(payload),
      });
      expect(res.status).toBe(200);
      const url = new URL(((await res.json()) as { data: { secure_url: string } }).data.secure_url);
      const other = instances[1 - (await servedBy("upload-1"))]!;
      for (const base of [nginx.base, `http://127.0.0.1:${port(other)}`]) {
        const file = await fetch(`${base}${url.pathname}`);
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(fixture("cover.png"))).toBe(true);
      }
    });

    it("sends a pending codes e-mail once, though both instances run the job every second", async () => {
      const buyer = `buyer-${Date.now()}@example.test`;
      const purchase = { assignedName: "Calm Co", email: buyer, totalUsers: 7, totalMonths: 12 };
      const order = await fetch(`${nginx.base}/api/v1/user/stripe-payment`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(purchase),
      });
      expect(order.status).toBe(200);
      const { purchaseId } = ((await order.json()) as { data: { purchaseId: string } }).data;
      const paid = await fetch(`${nginx.base}/api/v1/user/test-checkout/${purchaseId}/pay`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: "",
        redirect: "manual",
      });
      expect(paid.status).toBe(303);
      // The /checkout page then asks for the codes: they are made and e-mailed.
      const coupons = await fetch(`${nginx.base}/api/v1/user/create-coupons`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(purchase),
      });
      expect(coupons.status).toBe(200);
      const outbox = () => outboxFor(path.join(dataDir, "outbox"), buyer);
      expect(outbox()).toHaveLength(1);

      // As if that e-mail had never gone out: the jobs of both instances now race for it.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const runs = () =>
        instances
          .map((i) => i.output().split('"msg":"scheduled jobs ran"').length - 1)
          .reduce((a, b) => a + b);
      try {
        await db.query(
          `update business_purchases set codes_emailed_at = null, codes_created_at = now() - interval '1 hour'
           where id = $1`,
          [purchaseId],
        );
        const before = runs();
        // Three further runs (one per slot, by whichever instance claimed it): the e-mail has had its chances.
        await waitFor(instances[0]!, () => runs() >= before + 3, 60_000);
        const { rows } = await db.query("select codes_emailed_at from business_purchases where id = $1", [
          purchaseId,
        ]);
        expect(rows[0].codes_emailed_at).toBeInstanceOf(Date);
      } finally {
        await db.end();
      }
      expect(outbox()).toHaveLength(2);
      const sentBy = instances.map((i) => (i.output().match(/"codeEmailsSent":1/g) ?? []).length);
      expect(sentBy.reduce((a, b) => a + b)).toBe(1);
      console.info(`scale-out: ${runs()} job runs, codes e-mail sent ${sentBy.join(" + ")} = 1`);
    });

    it("holds the account limit at its number across both instances; a spoofed X-Forwarded-For changes nothing", async () => {
      const served: number[] = [];
      for (let i = 0; i < 5; i++) {
        expect((await signIn(`wrong-${i}`, "not-the-password")).status).toBe(401);
        served.push(await servedBy(`wrong-${i}`));
      }
      expect(new Set(served)).toEqual(new Set([0, 1]));
      // The sixth attempt from this address is refused, even with the right password, on either instance.
      for (let i = 0; i < 2; i++) {
        const blocked = await signIn(`blocked-${i}`, ADMIN.password);
        expect(blocked.status).toBe(429);
        expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
      }
      // nginx overwrites X-Forwarded-For, so a client cannot pose as another address.
      const spoofed = await signIn("spoofed", ADMIN.password, { "x-forwarded-for": "203.0.113.77" });
      expect(spoofed.status).toBe(429);
    });

    it("holds the per-address request limit at its number across both instances, spoofed or not", async () => {
      let i = 0;
      let last: Awaited<ReturnType<typeof signIn>>;
      do {
        last = await signIn(`address-${i}`, "not-the-password", {
          "x-forwarded-for": `198.51.100.${i++ % 250}`,
        });
      } while (
        (last.status !== 429 || !/Too many requests from this address/.test(last.body.message)) &&
        i < 2 * ADDRESS_LIMIT
      );
      // Every failed sign-in so far counted once against the one real address (successes do not
      // count): the limit, not double.
      expect(failedLogins - 1).toBe(ADDRESS_LIMIT);
      console.info(
        `scale-out: ${failedLogins} failed sign-ins through nginx; address limit ${ADDRESS_LIMIT} held across 2 instances`,
      );
    });
  },
);

/**
 * Three instances started together on an empty PostgreSQL database with the demo data on and the
 * jobs every second: start-up work runs under one advisory lock, the jobs once per slot.
 */
describe.skipIf(!serverUrl)("three instances starting together on an empty database", () => {
  const instances: Running[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await freshPostgresDatabase(serverUrl!);
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "serene-scale-out-")),
      DEMO_DATA: "1",
      JOB_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "debug",
    };
    instances.push(startServer(env), startServer(env), startServer(env));
    await Promise.all(instances.map((i) => waitForStart(i)));
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) i.child.kill("SIGTERM");
    await Promise.all(instances.map((i) => i.exited));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  });

  it("all come up; the demo data is added once", async () => {
    const said = (text: string) => instances.filter((i) => i.output().includes(text)).length;
    expect(said("demo catalogue added")).toBe(1);
    expect(said("demo people added")).toBe(1);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select (select count(*)::int from interests) as interests, (select count(*)::int from resources) as contents,
                (select count(*)::int from users where role = 'admin') as admins`,
      );
      expect(rows[0]).toEqual({ interests: 10, contents: 12, admins: 1 });
    } finally {
      await db.end();
    }
    for (const i of instances)
      expect((await fetch(`http://127.0.0.1:${port(i)}/api/health`)).status).toBe(200);
  });

  it("runs the scheduled jobs once per one-second slot, whichever instance claims it", async () => {
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 4_000));
    const to = Date.now();
    // Each run logs its end: count the runs of all three instances that ended in [from, to].
    const ended = instances.flatMap((i) =>
      i
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"scheduled jobs ran"'))
        .map((line) => (JSON.parse(line) as { time: number }).time)
        .filter((time) => time >= from && time <= to),
    );
    const slots = Math.floor(to / 1000) - Math.floor(from / 1000) + 1;
    console.info(`scale-out: ${ended.length} job runs by 3 instances in ${slots} one-second slots`);
    expect(ended.length).toBeGreaterThanOrEqual(2);
    // At most one per slot (a run claimed just before \`from\` may end inside it).
    expect(ended.length).toBeLessThanOrEqual(slots + 1);
  });
});
