import { randomUUID } from "node:crypto";
import { MAX_REPORT_SECONDS, MAX_SYNC_SESSIONS } from "@serene/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningSessions, plays, resources } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";

const SECOND = 1000;
const HOUR = 3_600 * SECOND;
let t: TestApp;
// The listening rules read this clock; tests move it instead of waiting.
let nowMs = Date.now();
const advance = (ms: number) => {
  nowMs += ms;
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(nowMs) });
});
afterAll(() => t.close());

async function content(durationSeconds: number | null, paymentType: "free" | "paid" = "free") {
  const [row] = await t.database.db
    .insert(resources)
    .values({
      title: `Track ${randomUUID().slice(0, 6)}`,
      mood: "sad",
      durationSeconds,
      duration: String(durationSeconds ?? ""),
      audioKey: "audio/track.mp3",
      paymentType,
      reviewState: "published",
    })
    .returning();
  return row!;
}

async function listener(paidUntil: Date | null = null, timeZone: string | null = null) {
  const user = await buildUser(t.database.db, { paidUntil, timeZone });
  return { user, headers: bearer(await login(t.app, user.email)) };
}

type Who = Awaited<ReturnType<typeof listener>>;
const call = (who: Who, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/app${url}`, headers: who.headers, payload });

async function start(who: Who, resourceId: string, body: object = {}) {
  const res = await call(who, "POST", `/resources/${resourceId}/sessions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { sessionId: string; startPosition: number; stream: { url: string } };
}

const report = (who: Who, sessionId: string, seq: number, listenedSeconds: number, position: number) =>
  call(who, "POST", `/sessions/${sessionId}/progress`, { seq, listenedSeconds, position });

const playsOf = async (resourceId: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, resourceId)))[0]!.noPlays;

describe("a play counts", () => {
  it("at 60 s listened, not at 59 s", async () => {
    const me = await listener();
    const track = await content(600);
    const { sessionId, startPosition, stream } = await start(me, track.id);
    expect(startPosition).toBe(0);
    expect(stream.url).toContain("audio/track.mp3");
    advance(59 * SECOND);
    expect((await report(me, sessionId, 1, 59, 59)).json().data).toEqual({ counted: false });
    expect(await playsOf(track.id)).toBe(0);
    advance(1 * SECOND);
    expect((await report(me, sessionId, 2, 1, 60)).json().data).toEqual({ counted: true });
    expect(await playsOf(track.id)).toBe(1);
    // Later reports of the session say so, and do not count again.
    advance(10 * SECOND);
    expect((await report(me, sessionId, 3, 10, 70)).json().data).toEqual({ counted: true });
    expect(await playsOf(track.id)).toBe(1);
  });

  it("for a 30 s file listened whole", async () => {
    const me = await listener();
    const short = await content(30);
    const { sessionId } = await start(me, short.id);
    advance(29 * SECOND);
    expect((await report(me, sessionId, 1, 29, 29)).json().data).toEqual({ counted: false });
    advance(1 * SECOND);
    const end = await call(me, "POST", `/sessions/${sessionId}/end`, {
      seq: 2,
      listenedSeconds: 1,
      position: 30,
    });
    expect(end.json().data).toMatchObject({ counted: true, finished: true });
    expect(await playsOf(short.id)).toBe(1);
  });

  it("once per listener and content in 24 hours", async () => {
    const me = await listener();
    const track = await content(300);
    const first = await start(me, track.id);
    advance(60 * SECOND);
    expect((await report(me, first.sessionId, 1, 60, 60)).json().data.counted).toBe(true);

    advance(HOUR);
    const second = await start(me, track.id);
    advance(60 * SECOND);
    expect((await report(me, second.sessionId, 1, 60, 120)).json().data.counted).toBe(false);
    expect(await playsOf(track.id)).toBe(1);

    advance(24 * HOUR);
    const third = await start(me, track.id);
    advance(60 * SECOND);
    expect((await report(me, third.sessionId, 1, 60, 180)).json().data.counted).toBe(true);
    expect(await playsOf(track.id)).toBe(2);
    // Another listener's play is their own.
    const other = await listener();
    const theirs = await start(other, track.id);
    advance(60 * SECOND);
    expect((await report(other, theirs.sessionId, 1, 60, 60)).json().data.counted).toBe(true);
    expect(await playsOf(track.id)).toBe(3);
  });

  it("a report claims at most MAX_REPORT_SECONDS (the contract's number, the web player's too)", async () => {
    const me = await listener();
    const track = await content(600);
    const { sessionId } = await start(me, track.id);
    const over = await report(me, sessionId, 1, MAX_REPORT_SECONDS + 1, 10);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].field).toBe("listenedSeconds");
    expect((await report(me, sessionId, 1, MAX_REPORT_SECONDS, 10)).statusCode).toBe(200);
  });

  it("never from an inflated, replayed or out-of-order report", async () => {
    const me = await listener();
    const track = await content(600);
    const { sessionId } = await start(me, track.id);
    advance(10 * SECOND);
    // 120 s claimed after 10 s of wall time: 10 s are taken.
    expect((await report(me, sessionId, 1, 120, 120)).json().data.counted).toBe(false);
    advance(40 * SECOND);
    // The same report again, and an older one: nothing changes.
    expect((await report(me, sessionId, 1, 120, 120)).json().data.counted).toBe(false);
    expect((await report(me, sessionId, 0, 40, 160)).statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(listeningSessions)
      .where(eq(listeningSessions.id, sessionId));
    expect(row).toMatchObject({ listenedSeconds: 10, seq: 1, position: 120 });
    // The wall time since the last accepted report is what may be added now.
    advance(10 * SECOND);
    expect((await report(me, sessionId, 2, 50, 170)).json().data.counted).toBe(true);
    expect(await playsOf(track.id)).toBe(1);
    // An end with a stale seq still ends the session (and takes nothing); later reports change nothing.
    advance(10 * SECOND);
    const end = await call(me, "POST", `/sessions/${sessionId}/end`, {
      seq: 2,
      listenedSeconds: 10,
      position: 180,
    });
    expect(end.json().data).toMatchObject({ counted: true, finished: false });
    advance(10 * SECOND);
    await report(me, sessionId, 3, 10, 190);
    const [ended] = await t.database.db
      .select()
      .from(listeningSessions)
      .where(eq(listeningSessions.id, sessionId));
    expect(ended).toMatchObject({
      listenedSeconds: 60,
      seq: 2,
      position: 170,
      endedAt: new Date(nowMs - 10 * SECOND),
    });
  });
});

describe("sessions", () => {
  it("locked content refuses a session; an expired entitlement stops new sessions", async () => {
    const paid = await content(600, "paid");
    const free = await listener();
    const refused = await call(free, "POST", `/resources/${paid.id}/sessions`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("subscription_required");

    const member = await listener(new Date(nowMs + HOUR));
    const opened = await start(member, paid.id);
    advance(2 * HOUR);
    const expired = await call(member, "POST", `/resources/${paid.id}/sessions`, {});
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe("subscription_required");
    // The session already open may still be reported to.
    expect((await report(member, opened.sessionId, 1, 60, 60)).statusCode).toBe(200);
  });

  it("a new session ends the open one and resumes where it was; finished starts again at 0", async () => {
    const me = await listener();
    const track = await content(200);
    const first = await start(me, track.id);
    advance(50 * SECOND);
    await report(me, first.sessionId, 1, 50, 50);
    const second = await start(me, track.id, { moodBefore: "sad" });
    expect(second.startPosition).toBe(50);
    const [old] = await t.database.db
      .select()
      .from(listeningSessions)
      .where(eq(listeningSessions.id, first.sessionId));
    expect(old!.endedAt).not.toBeNull();
    // A report to the ended session changes nothing.
    advance(60 * SECOND);
    expect((await report(me, first.sessionId, 2, 60, 110)).json().data.counted).toBe(false);

    // 195 of 200 s: 5 s left, under 5% (10 s): finished.
    const end = await call(me, "POST", `/sessions/${second.sessionId}/end`, {
      seq: 1,
      listenedSeconds: 60,
      position: 195,
      moodAfter: "happy",
    });
    expect(end.json().data).toMatchObject({ counted: true, finished: true });
    expect((await call(me, "GET", "/progress")).json().data).toEqual([]);
    expect((await start(me, track.id)).startPosition).toBe(0);
  });

  it("answers 404 for another listener's session and 400 naming the field for bad reports", async () => {
    const me = await listener();
    const other = await listener();
    const { sessionId } = await start(me, (await content(100)).id);
    expect((await report(other, sessionId, 1, 1, 1)).statusCode).toBe(404);
    const bad = await report(me, sessionId, 1, 121, 1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("listenedSeconds");
    expect((await call(me, "POST", `/resources/${randomUUID()}/sessions`, {})).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "POST", url: `/api/v1/app/sessions/${sessionId}/progress` })).statusCode,
    ).toBe(401);
  });

  it("the job closes sessions with no report for 36 hours", async () => {
    const me = await listener();
    const { sessionId } = await start(me, (await content(600)).id);
    advance(35 * HOUR);
    await t.app.jobs.runOnce();
    expect(
      (await t.database.db.select().from(listeningSessions).where(eq(listeningSessions.id, sessionId)))[0]!
        .endedAt,
    ).toBeNull();
    advance(2 * HOUR);
    expect((await t.app.jobs.runOnce()).silentSessionsClosed).toBeGreaterThanOrEqual(1);
    const [closed] = await t.database.db
      .select()
      .from(listeningSessions)
      .where(eq(listeningSessions.id, sessionId));
    expect(closed!.endedAt).toEqual(closed!.lastReportAt);
  });
});

describe("offline sync", () => {
  it("judges each session once: the same batch twice is idempotent", async () => {
    const me = await listener();
    const track = await content(300);
    const paid = await content(300, "paid");
    const at = (msAgo: number) => new Date(nowMs - msAgo).toISOString();
    const ok = {
      clientId: randomUUID(),
      resourceId: track.id,
      startedAt: at(10 * 60_000),
      endedAt: at(5 * 60_000),
      position: 120,
      listenedSeconds: 120,
    };
    const batch = [
      ok,
      { ...ok, clientId: randomUUID(), resourceId: randomUUID() },
      { ...ok, clientId: randomUUID(), listenedSeconds: 301 },
      { ...ok, clientId: randomUUID(), resourceId: paid.id },
      { ...ok, clientId: randomUUID(), startedAt: at(400 * 24 * HOUR) },
    ];
    const first = await call(me, "POST", "/sessions/sync", { sessions: batch });
    expect(first.statusCode, first.body).toBe(200);
    const verdicts = [
      { clientId: batch[0]!.clientId, accepted: true },
      { clientId: batch[1]!.clientId, accepted: false, reason: "unknown_resource" },
      { clientId: batch[2]!.clientId, accepted: false, reason: "too_long" },
      { clientId: batch[3]!.clientId, accepted: false, reason: "not_entitled" },
      { clientId: batch[4]!.clientId, accepted: false, reason: "outside_account_lifetime" },
    ];
    expect(first.json().data).toEqual(verdicts);
    expect(await playsOf(track.id)).toBe(1);

    const again = await call(me, "POST", "/sessions/sync", { sessions: batch });
    expect(again.json().data).toEqual(verdicts);
    expect(await playsOf(track.id)).toBe(1);
    const mine = await t.database.db
      .select()
      .from(listeningSessions)
      .where(eq(listeningSessions.userId, me.user.id));
    expect(mine).toHaveLength(1);
    expect((await call(me, "GET", "/progress")).json().data).toMatchObject([{ position: 120 }]);

    const tooMany = await call(me, "POST", "/sessions/sync", {
      sessions: Array(MAX_SYNC_SESSIONS + 1).fill(ok),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe("sessions");
  });
});

describe("day totals (Avg. time on app)", () => {
  const DAY = 24 * HOUR;
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  type DayFigures = { day: string; seconds: number; listenerDays: number };
  const rounded = (rows: DayFigures[]) =>
    rows.map((r) => ({ ...r, seconds: Math.round(r.seconds * 1000) / 1000 }));

  it("hold, per UTC day of a session's start, the seconds and listeners of the sessions; the dashboard reads them", async () => {
    // Days no other test listens on: five days on, at 23:59 UTC.
    advance(5 * DAY);
    advance(Math.ceil(nowMs / DAY) * DAY - 60 * SECOND - nowMs);
    const firstDay = utcDay(nowMs);
    const me = await listener();
    const other = await listener();
    const track = await content(600);

    // A session that starts at 23:59 and goes on after midnight: all its seconds are its start's day.
    const a = await start(me, track.id);
    advance(30 * SECOND);
    await report(me, a.sessionId, 1, 30, 30);
    advance(90 * SECOND);
    await report(me, a.sessionId, 2, 90, 120);
    const secondDay = utcDay(nowMs);
    expect(secondDay).not.toBe(firstDay);
    // The next day: a second listener, an inflated report (clamped to 45 s), a replay (nothing).
    const b = await start(me, track.id);
    const c = await start(other, track.id);
    advance(20 * SECOND);
    await report(me, b.sessionId, 1, 20, 20);
    await report(me, b.sessionId, 1, 20, 20);
    advance(25 * SECOND);
    expect((await report(other, c.sessionId, 1, 100, 45)).statusCode).toBe(200);
    // A session synced from 31 days ago: its own day, outside the dashboard's 30.
    const old = await buildUser(t.database.db, { timeCreated: new Date(nowMs - 40 * DAY) });
    const oldStart = nowMs - 31 * DAY;
    const synced = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/sessions/sync",
      headers: bearer(await login(t.app, old.email)),
      payload: {
        sessions: [
          {
            clientId: randomUUID(),
            resourceId: track.id,
            startedAt: new Date(oldStart).toISOString(),
            endedAt: new Date(oldStart + 300 * SECOND).toISOString(),
            position: 300,
            listenedSeconds: 300,
          },
        ],
      },
    });
    expect(synced.json().data).toMatchObject([{ accepted: true }]);

    const days = [utcDay(oldStart), firstDay, secondDay];
    const totals = await rowsOf<DayFigures>(sql`
      select day::text as day, sum(seconds)::float8 as seconds, sum(listener_days)::int as "listenerDays"
      from listening_day_totals where day::text in ${days} group by day order by day`);
    const fromSessions = await rowsOf<DayFigures>(sql`
      select (started_at at time zone 'UTC')::date::text as day, sum(listened_seconds)::float8 as seconds,
             count(distinct user_id)::int as "listenerDays"
      from listening_sessions
      where listened_seconds > 0 and (started_at at time zone 'UTC')::date::text in ${days}
      group by 1 order by 1`);
    expect(rounded(totals)).toEqual(rounded(fromSessions));
    expect(rounded(totals)).toEqual([
      { day: days[0], seconds: 300, listenerDays: 1 },
      { day: firstDay, seconds: 120, listenerDays: 1 },
      { day: secondDay, seconds: 65, listenerDays: 2 },
    ]);

    // The dashboard: the mean over the (listener, UTC day) pairs of the last 30 UTC days, today
    // included, as computed from the sessions themselves.
    const [expected] = await rowsOf<{ avg: number }>(sql`
      select round(sum(listened_seconds) / count(distinct (user_id, (started_at at time zone 'UTC')::date)))::int as avg
      from listening_sessions
      where listened_seconds > 0 and (started_at at time zone 'UTC')::date > ${secondDay}::date - 30`);
    const admin = await buildUser(t.database.db, { role: "admin" });
    const dashboard = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/dashboard-stats",
      headers: bearer(await login(t.app, admin.email)),
    });
    expect(dashboard.json().data.avgTimeOnAppSeconds).toBe(expected!.avg);
    expect(expected!.avg).toBeGreaterThan(0);
  });
});

describe("the listener's library", () => {
  it("continue listening newest first, hide one; history; favourites idempotent; a deleted content leaves every list", async () => {
    const me = await listener();
    const a = await content(600);
    const b = await content(600);
    for (const track of [a, b]) {
      const { sessionId } = await start(me, track.id);
      advance(30 * SECOND);
      await report(me, sessionId, 1, 30, 30);
    }
    const progress = (await call(me, "GET", "/progress?limit=1")).json();
    expect(progress.data.map((i: { resource: { _id: string } }) => i.resource._id)).toEqual([b.id]);
    const next = (await call(me, "GET", `/progress?limit=1&cursor=${progress.meta.nextCursor}`)).json();
    expect(next.data.map((i: { resource: { _id: string } }) => i.resource._id)).toEqual([a.id]);
    expect(next.meta.nextCursor).toBeNull();
    expect((await call(me, "GET", "/progress?cursor=nonsense")).json().errors[0].field).toBe("cursor");

    expect((await call(me, "DELETE", `/progress/${b.id}`)).statusCode).toBe(200);
    expect(
      (await call(me, "GET", "/progress"))
        .json()
        .data.map((i: { resource: { _id: string } }) => i.resource._id),
    ).toEqual([a.id]);

    const history = (await call(me, "GET", "/history")).json().data;
    expect(history.map((h: { resource: { _id: string } }) => h.resource._id)).toEqual([b.id, a.id]);
    expect(history[0]).toMatchObject({ listenedSeconds: 30, finished: false });

    for (let i = 0; i < 2; i++) expect((await call(me, "PUT", `/favourites/${a.id}`)).statusCode).toBe(200);
    expect((await call(me, "GET", "/favourites")).json().data.map((r: { _id: string }) => r._id)).toEqual([
      a.id,
    ]);
    for (let i = 0; i < 2; i++)
      expect((await call(me, "DELETE", `/favourites/${a.id}`)).statusCode).toBe(200);
    expect((await call(me, "GET", "/favourites")).json().data).toEqual([]);
    expect((await call(me, "PUT", `/favourites/${randomUUID()}`)).statusCode).toBe(404);

    await call(me, "PUT", `/favourites/${a.id}`);
    await t.database.db.delete(resources).where(eq(resources.id, a.id));
    expect((await call(me, "GET", "/favourites")).json().data).toEqual([]);
    expect((await call(me, "GET", "/progress")).json().data).toEqual([]);
    expect(
      (await call(me, "GET", "/history"))
        .json()
        .data.map((h: { resource: { _id: string } }) => h.resource._id),
    ).toEqual([b.id]);
  });

  it("home's continue listening, after today's pick: newest first, without finished or hidden ones", async () => {
    const me = await listener();
    const [a, b, done] = [await content(600), await content(600), await content(100)];
    for (const [track, position] of [
      [a, 30],
      [done, 96],
      [b, 40],
    ] as const) {
      const { sessionId } = await start(me, track.id);
      advance(30 * SECOND);
      await report(me, sessionId, 1, 30, position);
    }
    const home = async () => {
      const res = await call(me, "GET", "/home");
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sections as { key: string; items: { _id: string }[] }[];
    };
    // After today's pick (part 3).
    const resume = async () => {
      const sections = await home();
      expect(sections.map((s) => s.key).slice(0, 2)).toEqual(["today", "continue"]);
      return sections[1]!.items.map((i) => i._id);
    };
    expect(await resume()).toEqual([b.id, a.id]);
    await call(me, "DELETE", `/progress/${b.id}`);
    expect(await resume()).toEqual([a.id]);
  });

  it("stats: a streak across 23:30 and 03:30 local time is one day; days oldest first with zeros; mood lift", async () => {
    // São Paulo: UTC-3 all year; in UTC (or with the day turning at midnight) these would be two days.
    const me = await listener(null, "America/Sao_Paulo");
    advance(3 * 24 * HOUR);
    // Wednesday 23:30 and Thursday 03:30 are one listener's day (it turns at 04:00).
    const day = new Date(nowMs);
    day.setUTCHours(0, 0, 0, 0);
    // Local time in São Paulo of the day `dayOffset` days from the test's day.
    const at = (dayOffset: number, hh: number, mm: number) =>
      new Date(day.getTime() + dayOffset * 24 * HOUR + ((hh + 3) * 60 + mm) * 60_000);
    nowMs = at(0, 12, 0).getTime();
    const track = await content(600);
    const other = await content(600);
    const session = (resourceId: string, end: Date, extra: object = {}) => ({
      clientId: randomUUID(),
      resourceId,
      startedAt: new Date(end.getTime() - 120 * SECOND).toISOString(),
      endedAt: end.toISOString(),
      position: 120,
      listenedSeconds: 120,
      ...extra,
    });
    const sync = await call(me, "POST", "/sessions/sync", {
      sessions: [
        session(track.id, at(-1, 23, 30), { moodBefore: "sad", moodAfter: "happy" }),
        session(other.id, at(0, 3, 30), { moodBefore: "happy", moodAfter: "happy" }),
      ],
    });
    expect(sync.json().data.every((v: { accepted: boolean }) => v.accepted)).toBe(true);
    const res = await call(me, "GET", "/stats?days=7");
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    expect(stats).toMatchObject({ totalMinutes: 4, sessions: 2, currentStreak: 1, longestStreak: 1 });
    expect(stats.moodLift).toEqual({ sessions: 2, improved: 1, same: 1, worse: 0 });
    expect(stats.days).toHaveLength(7);
    const isoDay = (d: Date) => d.toISOString().slice(0, 10);
    expect(stats.days.at(-1)).toEqual({ date: isoDay(at(0, 12, 0)), minutes: 0 });
    expect(stats.days.at(-2)).toEqual({ date: isoDay(at(-1, 12, 0)), minutes: 4 });
    expect(stats.days[0]).toEqual({ date: isoDay(at(-6, 12, 0)), minutes: 0 });

    // A play today (after 04:00) makes it two days in a row.
    await call(me, "POST", "/sessions/sync", { sessions: [session((await content(600)).id, at(0, 10, 0))] });
    expect((await call(me, "GET", "/stats?days=7")).json().data).toMatchObject({
      currentStreak: 2,
      longestStreak: 2,
    });
    expect((await call(me, "GET", "/stats?days=6")).json().errors[0].field).toBe("days");
  });
});

describe("counted plays feed the back office", () => {
  it("per content: counted plays, unique listeners, minutes, completion rate, average share, mood lift (admin only)", async () => {
    const track = await content(100);
    for (const [i, moods] of [
      [0, { moodBefore: "sad", moodAfter: "happy" }],
      [1, {}],
    ] as const) {
      const who = await listener();
      const { sessionId } = await start(
        who,
        track.id,
        "moodBefore" in moods ? { moodBefore: moods.moodBefore } : {},
      );
      advance(90 * SECOND);
      await call(who, "POST", `/sessions/${sessionId}/end`, {
        seq: 1,
        listenedSeconds: 90,
        position: i === 0 ? 98 : 90,
        ...("moodAfter" in moods ? { moodAfter: moods.moodAfter } : {}),
      });
    }
    const admin = bearer(await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email));
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/user/resources/${track.id}/stats`,
      headers: admin,
    });
    expect(res.json().data).toEqual({
      countedPlays: 2,
      uniqueListeners: 2,
      minutes: 3,
      completionRate: 0.5,
      // 90 of 100 s in each session.
      averageShare: 0.9,
      moodLift: { sessions: 1, improved: 1, same: 0, worse: 0 },
    });
    const me = await listener();
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/user/resources/${track.id}/stats`,
          headers: me.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("plays rows point at their session", async () => {
    const me = await listener();
    const track = await content(100);
    const { sessionId } = await start(me, track.id);
    advance(60 * SECOND);
    await report(me, sessionId, 1, 60, 60);
    const rows = await t.database.db
      .select()
      .from(plays)
      .where(and(eq(plays.resourceId, track.id), eq(plays.userId, me.user.id)));
    expect(rows).toMatchObject([{ sessionId }]);
  });
});
