import { createECDH, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { pushSubscriptions, resources } from "../../db/schema/index.ts";
import type { App } from "../../plugins/types.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { openTestDatabase, testConfig } from "../../test-support/harness.ts";
import { checkEndpoint } from "./push.ts";

// Monday 2030-03-04: Paris is UTC+1, Tokyo UTC+9.
let nowMs = Date.parse("2030-03-04T12:00:00Z");
const clock = () => new Date(nowMs);
const at = (iso: string) => {
  nowMs = Date.parse(iso);
};

// A local push service: records each push it receives; /gone/* answers 410.
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const pushService = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
    res.statusCode = req.url!.startsWith("/gone/") ? 410 : 201;
    res.end();
  });
});
let pushBase = "";

// Three app instances on one database.
let database: Database;
let apps: App[] = [];
const config = testConfig({ PUSH_ALLOW_LOOPBACK: "1", PUBLIC_URL: "https://serene.example" });

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  const shared = { ...database, close: async () => {} };
  apps = await Promise.all([0, 1, 2].map(() => buildApp({ config, database: shared, clock })));
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
  pushService.close();
});

async function listener(timeZone: string) {
  const user = await buildUser(database.db, { timeZone, timeCreated: new Date("2029-01-01T00:00:00Z") });
  return { user, headers: bearer(await login(apps[0]!, user.email)) };
}
type Who = Awaited<ReturnType<typeof listener>>;
const call = (who: Who | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  apps[0]!.inject({ method, url: `/api/v1/app${url}`, headers: who?.headers ?? {}, payload });

/** A browser's subscription: a real P-256 key and auth secret, at an endpoint of the local push service. */
function subscription(path: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `${pushBase}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

async function remind(who: Who, body: object, path: string | null) {
  const put = await call(who, "PUT", "/reminders", body);
  expect(put.statusCode, put.body).toBe(200);
  if (path) {
    const sub = await call(who, "POST", "/push/subscriptions", subscription(path));
    expect(sub.statusCode, sub.body).toBe(200);
  }
}

/** The reminders' tick on all three instances at once. */
const runJobs = () => Promise.all(apps.map((a) => a.jobs.sendReminders()));
const pushesTo = (path: string) => received.filter((r) => r.path === path);

describe("reminders", () => {
  it("GET and PUT /app/reminders: defaults, then the listener's choice; bad input names the field", async () => {
    const me = await listener("Europe/Paris");
    expect((await call(me, "GET", "/reminders")).json().data).toEqual({
      enabled: false,
      time: "21:00",
      days: [1, 2, 3, 4, 5, 6, 7],
      channels: { push: true, email: false },
      timeZone: "Europe/Paris",
    });
    const body = {
      enabled: true,
      time: "07:45",
      days: [5, 1],
      channels: { push: false, email: true },
      timeZone: "Asia/Tokyo",
    };
    expect((await call(me, "PUT", "/reminders", body)).json().data).toEqual({ ...body, days: [1, 5] });
    const bad = await call(me, "PUT", "/reminders", { ...body, time: "25:00", days: [8] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["days.0", "time"]);
  });

  it("are pushed at their local time in two time zones, once across three instances; not after a counted play; a 410 removes the subscription and e-mail takes over", async () => {
    const paris = await listener("Europe/Paris");
    const tokyo = await listener("Asia/Tokyo");
    const played = await listener("Europe/Paris");
    const gone = await listener("Europe/Paris");
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    await remind(
      paris,
      { enabled: true, time: "21:30", days: [1], channels: { push: true, email: false } },
      "/paris",
    );
    await remind(
      tokyo,
      { enabled: true, time: "07:15", days: [2], channels: { push: true, email: false } },
      "/tokyo",
    );
    await remind(
      played,
      { enabled: true, time: "21:30", days: everyDay, channels: { push: true, email: false } },
      "/played",
    );
    const goneEndpoint = `/gone/${randomUUID()}`;
    await remind(
      gone,
      { enabled: true, time: "21:30", days: everyDay, channels: { push: true, email: true } },
      goneEndpoint,
    );

    // `played` has a counted play at 20:00 Paris time (60 s listened).
    at("2030-03-04T19:00:00Z");
    const [track] = await database.db
      .insert(resources)
      .values({
        title: "T",
        mood: "sad",
        durationSeconds: 300,
        audioKey: "audio/t.mp3",
        reviewState: "published",
      })
      .returning();
    const { sessionId } = (await call(played, "POST", `/resources/${track!.id}/sessions`, {})).json().data;
    at("2030-03-04T19:01:00Z");
    const report = await call(played, "POST", `/sessions/${sessionId}/progress`, {
      seq: 1,
      listenedSeconds: 60,
      position: 60,
    });
    expect(report.json().data.counted).toBe(true);

    // 21:00 in Paris, 05:00 Tuesday in Tokyo: nothing yet.
    at("2030-03-04T20:00:00Z");
    await runJobs();
    expect(received).toHaveLength(0);

    // 21:31 in Paris (a Monday): Paris' reminder, once though three instances ran the job.
    at("2030-03-04T20:31:00Z");
    await runJobs();
    await runJobs();
    expect(pushesTo("/paris")).toHaveLength(1);
    const push = pushesTo("/paris")[0]!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(push.headers.ttl).toBeDefined();
    expect(push.body.length).toBeGreaterThan(16);
    expect(pushesTo("/tokyo")).toHaveLength(0);
    expect(pushesTo("/played")).toHaveLength(0);

    // The push service answered 410: the subscription is gone, and the e-mail went instead.
    expect(pushesTo(goneEndpoint)).toHaveLength(1);
    const left = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, gone.user.id));
    expect(left).toHaveLength(0);
    const dir = config.mail.outboxDir;
    const mails = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .map((f) => ({ raw: fs.readFileSync(path.join(dir, f), "utf8").replace(/\r?\n[ \t]+/g, " ") }))
      .filter((m) => m.raw.includes(gone.user.email));
    expect(mails).toHaveLength(1);
    const link =
      /List-Unsubscribe: <(https:\/\/serene\.example\/api\/v1\/app\/reminders\/unsubscribe\?token=[\w-]+)>/.exec(
        mails[0]!.raw,
      )?.[1];
    expect(link).toBeDefined();
    expect(mails[0]!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // One click (the mail client's POST) turns e-mail reminders off.
    const off = await apps[1]!.inject({ method: "POST", url: link!.replace("https://serene.example", "") });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(gone, "GET", "/reminders")).json().data.channels.email).toBe(false);

    // 07:16 Tuesday in Tokyo (22:16 UTC Monday): Tokyo's reminder; Paris' is not sent again.
    at("2030-03-04T22:16:00Z");
    await runJobs();
    expect(pushesTo("/tokyo")).toHaveLength(1);
    expect(pushesTo("/paris")).toHaveLength(1);
    // Tuesday 21:31 in Paris: not one of Paris' days.
    at("2030-03-05T20:31:00Z");
    await runJobs();
    expect(pushesTo("/paris")).toHaveLength(1);
    // The played listener's next day (no play): reminded.
    expect(pushesTo("/played")).toHaveLength(1);
  });
});

describe("push", () => {
  it("public key: VAPID, kept in the database, the same on every instance", async () => {
    const keys = await Promise.all(
      apps.map(
        async (a) =>
          (await a.inject({ method: "GET", url: "/api/v1/app/push/public-key" })).json().data.publicKey,
      ),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("test push: one to each subscription; subscribing is idempotent by endpoint", async () => {
    const me = await listener("UTC");
    const sub = subscription(`/test/${randomUUID()}`);
    await call(me, "POST", "/push/subscriptions", sub);
    await call(me, "POST", "/push/subscriptions", sub);
    const res = await call(me, "POST", "/push/test");
    expect(res.json().data).toEqual({ sent: 1, failed: 0 });
    expect(await call(me, "DELETE", "/push/subscriptions", { endpoint: sub.endpoint })).toMatchObject({
      statusCode: 200,
    });
    expect((await call(me, "POST", "/push/test")).json().data).toEqual({ sent: 0, failed: 0 });
  });

  it("endpoints must be https:// on a public address", async () => {
    const me = await listener("UTC");
    for (const endpoint of [
      "https://127.0.0.1/push",
      "https://10.1.2.3/push",
      "https://192.168.1.1/push",
      "https://169.254.169.254/latest",
      "https://[::1]/push",
      "https://[fe80::1]/push",
      "https://[::ffff:10.0.0.1]/push",
      "https://localhost/push",
      "http://push.example.com/push",
      "not a url",
    ]) {
      const res = await call(me, "POST", "/push/subscriptions", { ...subscription("/x"), endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().errors[0].field, endpoint).toBe("endpoint");
    }
    // Without PUSH_ALLOW_LOOPBACK, a local http endpoint is refused too.
    await expect(checkEndpoint(`${pushBase}/x`, false)).rejects.toThrow(/https/);
    await expect(checkEndpoint("https://8.8.8.8/push", false)).resolves.toMatchObject({
      address: { address: "8.8.8.8" },
    });
  });

  it("refuses every special-purpose address, IPv4 and IPv6, whatever form it is written in", async () => {
    const me = await listener("UTC");
    // 127.0.0.1 as IPv4-translated, 169.254.169.254 through NAT64's local-use prefix.
    for (const endpoint of ["https://[::ffff:0:7f00:1]/p", "https://[64:ff9b:1::a9fe:a9fe]/p"]) {
      const res = await call(me, "POST", "/push/subscriptions", { ...subscription("/x"), endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: "endpoint", message: "must be on a public address" });
    }
    const refused = [
      "0.0.0.0",
      "0.1.2.3",
      "100.64.0.1",
      "127.1.2.3",
      "172.31.255.255",
      "192.0.0.170",
      "192.0.2.1",
      "192.31.196.1",
      "192.52.193.1",
      "192.88.99.1",
      "192.175.48.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.251",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "0x7f.1",
      "2130706433",
      "[::]",
      "[::1]",
      "[::127.0.0.1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:a9fe:a9fe]",
      "[::ffff:0:a9fe:a9fe]",
      "[64:ff9b::7f00:1]",
      "[64:ff9b::808:808]",
      "[64:ff9b:1::1]",
      "[100::1]",
      "[2001::1]",
      "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      "[2001:2::1]",
      "[2001:20::1]",
      "[2001:db8::1]",
      "[2002:7f00:1::1]",
      "[2002:808:808::1]",
      "[2620:4f:8000::1]",
      "[3fff::1]",
      "[5f00::1]",
      "[fc00::1]",
      "[fd12:3456::1]",
      "[fe80::1]",
      "[fec0::1]",
      "[ff02::1]",
      "[ff0e::1]",
    ];
    for (const host of refused)
      await expect(checkEndpoint(`https://${host}/p`, false), host).rejects.toThrow(/public address/);
    for (const host of ["8.8.8.8", "1.1.1.1", "[2606:4700:4700::1111]", "[2a00:1450:4001:80b::200e]"])
      await expect(checkEndpoint(`https://${host}/p`, false), host).resolves.toBeDefined();
  });

  it("resolves the host again at send time and connects only to the address it checked: a host turned private is not contacted", async () => {
    const me = await listener("UTC");
    const { port } = pushService.address() as AddressInfo;
    let connections = 0;
    const count = () => connections++;
    pushService.on("connection", count);
    const answers = ["93.184.216.34", "127.0.0.1"];
    const lookup = vi
      .spyOn(dns.promises, "lookup")
      .mockImplementation(async () => [{ address: answers.shift()!, family: 4 }] as never);
    try {
      const sub = { ...subscription("/x"), endpoint: `https://push.example.test:${port}/p` };
      expect((await call(me, "POST", "/push/subscriptions", sub)).statusCode).toBe(200);
      // The DNS answer is now a private address: the push is not sent, nothing connects.
      expect((await call(me, "POST", "/push/test")).json().data).toEqual({ sent: 0, failed: 1 });
      expect(lookup).toHaveBeenCalledTimes(2);
      expect(connections).toBe(0);
    } finally {
      lookup.mockRestore();
      pushService.off("connection", count);
    }
  });

  it("a subscription belongs to its user: another account posting its endpoint does not take it, unless it holds its keys (the same browser)", async () => {
    const owner = await listener("UTC");
    const thief = await listener("UTC");
    const sub = subscription(`/mine/${randomUUID()}`);
    expect((await call(owner, "POST", "/push/subscriptions", sub)).statusCode).toBe(200);
    const other = subscription("/ignored");
    const taken = await call(thief, "POST", "/push/subscriptions", { ...other, endpoint: sub.endpoint });
    expect(taken.statusCode).toBe(409);
    expect((await call(owner, "POST", "/push/test")).json().data).toEqual({ sent: 1, failed: 0 });
    expect((await call(thief, "POST", "/push/test")).json().data).toEqual({ sent: 0, failed: 0 });
    // The same browser, now signed in to the other account (same endpoint, same keys): it moves.
    expect((await call(thief, "POST", "/push/subscriptions", sub)).statusCode).toBe(200);
    expect((await call(thief, "POST", "/push/test")).json().data).toEqual({ sent: 1, failed: 0 });
    expect((await call(owner, "POST", "/push/test")).json().data).toEqual({ sent: 0, failed: 0 });
  });
});
