import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../plugins/types.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { openTestDatabase, testConfig } from "../../test-support/harness.ts";

// Reminders' own tick (jobs.ts): on time at the default JOB_INTERVAL_SECONDS, once across
// instances, and at the chosen wall-clock time across a daylight-saving change. E-mail reminders
// (the listeners have no push subscription), read from the outbox.
let nowMs = Date.now();
const clock = () => new Date(nowMs);

let database: Database;
let apps: App[] = [];
// The default configuration: JOB_INTERVAL_SECONDS is not set (15 minutes).
const config = testConfig();

beforeAll(async () => {
  database = await openTestDatabase();
  const shared = { ...database, close: async () => {} };
  apps = await Promise.all([0, 1].map(() => buildApp({ config, database: shared, clock })));
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function remindedListener(timeZone: string, time: string) {
  const user = await buildUser(database.db, { timeZone, timeCreated: new Date("2020-01-01T00:00:00Z") });
  const put = await apps[0]!.inject({
    method: "PUT",
    url: "/api/v1/app/reminders",
    headers: bearer(await login(apps[0]!, user.email)),
    payload: { enabled: true, time, days: [1, 2, 3, 4, 5, 6, 7], channels: { push: false, email: true } },
  });
  expect(put.statusCode, put.body).toBe(200);
  return user.email;
}

/** The reminder e-mails sent to `address` so far. */
function remindersTo(address: string) {
  const dir = config.mail.outboxDir;
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) =>
    fs.readFileSync(path.join(dir, f), "utf8").includes(address),
  ).length;
}

describe("the reminders' tick", () => {
  it("at the default JOB_INTERVAL_SECONDS, a reminder arrives within 60 s of its minute, once across two instances", async () => {
    // 07:29:00.5 in Lisbon (UTC+0 in March); the reminder is for 07:30.
    nowMs = Date.parse("2030-03-04T07:29:00.500Z");
    const address = await remindedListener("Europe/Lisbon", "07:30");
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    for (const app of apps) app.jobs.start();
    // The clock and the timers move together, 10 s at a time, to 07:30:00.5.
    for (let s = 0; s < 60; s += 10) {
      nowMs += 10_000;
      vi.advanceTimersByTime(10_000);
    }
    await vi.waitFor(() => expect(remindersTo(address)).toBe(1), { timeout: 10_000 });
    // Later ticks, on both instances, send nothing more.
    await Promise.all(apps.map((a) => a.jobs.sendReminders()));
    nowMs += 60_000;
    vi.advanceTimersByTime(60_000);
    await Promise.all(apps.map((a) => a.jobs.stop()));
    expect(remindersTo(address)).toBe(1);
  });

  it.each([
    // Berlin goes back from 03:00 CEST to 02:00 CET on the last Sunday of October: 02:30 comes twice.
    { zone: "Europe/Berlin", time: "02:30", from: "2026-10-24T23:00:00Z", sentAt: "2026-10-25T00:30:20Z" },
    // New York goes back from 02:00 EDT to 01:00 EST on the first Sunday of November: 01:30 comes twice.
    { zone: "America/New_York", time: "01:30", from: "2026-11-01T04:00:00Z", sentAt: "2026-11-01T05:30:20Z" },
  ])(
    "across $zone's change back to winter time, one reminder at $time (wall clock)",
    async ({ zone, time, from, sentAt }) => {
      const address = await remindedListener(zone, time);
      const sent: string[] = [];
      // Each minute's tick, 20 s into the minute, for three and a half hours.
      for (let minute = 0; minute < 210; minute++) {
        nowMs = Date.parse(from) + minute * 60_000 + 20_000;
        const before = remindersTo(address);
        await apps[minute % 2]!.jobs.sendReminders();
        if (remindersTo(address) > before) sent.push(clock().toISOString());
      }
      expect(sent).toEqual([new Date(sentAt).toISOString()]);
    },
  );
});
