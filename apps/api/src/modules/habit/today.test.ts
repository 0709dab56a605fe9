import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";

const SECOND = 1000;
const HOUR = 3_600 * SECOND;
let t: TestApp;
// 2030-03-04 10:00 UTC, a Monday: the rules read this clock.
let nowMs = Date.parse("2030-03-04T10:00:00Z");
const advance = (ms: number) => {
  nowMs += ms;
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(nowMs) });
});
afterAll(() => t.close());

async function content(o: { mood?: "happy" | "sad" | "angry"; paid?: boolean; plays?: number } = {}) {
  const [row] = await t.database.db
    .insert(resources)
    .values({
      title: `Track ${randomUUID().slice(0, 6)}`,
      mood: o.mood ?? "angry",
      durationSeconds: 300,
      duration: "5:00",
      audioKey: "audio/track.mp3",
      paymentType: o.paid ? "paid" : "free",
      reviewState: "published",
      noPlays: o.plays ?? 0,
      timeCreated: new Date("2020-01-01T00:00:00Z"),
    })
    .returning();
  return row!;
}

async function listener(o: { mood?: "happy" | "sad" | "angry"; timeZone?: string; role?: "admin" } = {}) {
  const user = await buildUser(t.database.db, {
    mood: o.mood ?? null,
    timeZone: o.timeZone ?? null,
    role: o.role,
    timeCreated: new Date("2029-01-01T00:00:00Z"),
  });
  return { user, headers: bearer(await login(t.app, user.email)) };
}
type Who = Awaited<ReturnType<typeof listener>>;
const call = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: url.startsWith("/api/") ? url : `/api/v1/app${url}`,
    headers: who.headers,
    payload,
  });

/** Listens to a content for `seconds` in one session and ends it; answers the end's data. */
async function listen(who: Who, resourceId: string, seconds: number, moods: object = {}) {
  const started = await call(who, "POST", `/resources/${resourceId}/sessions`, {
    moodBefore: (moods as { before?: string }).before,
  });
  expect(started.statusCode, started.body).toBe(201);
  const { sessionId } = started.json().data;
  let seq = 0;
  for (let left = seconds; left > 0; left -= 100) {
    const step = Math.min(100, left);
    advance(step * SECOND);
    if (left - step > 0)
      await call(who, "POST", `/sessions/${sessionId}/progress`, {
        seq: ++seq,
        listenedSeconds: step,
        position: seconds - left + step,
      });
    else {
      const end = await call(who, "POST", `/sessions/${sessionId}/end`, {
        seq: ++seq,
        listenedSeconds: step,
        position: seconds,
        moodAfter: (moods as { after?: string }).after,
        moodBefore: (moods as { beforeAtEnd?: string }).beforeAtEnd,
      });
      expect(end.statusCode, end.body).toBe(200);
      return end.json().data;
    }
  }
  throw new Error("seconds must be positive");
}

describe("GET /app/today", () => {
  it("picks from the listener's mood, keeps the pick all day and changes it the next day", async () => {
    // Paris is UTC+1 in March: 10:00 UTC is 11:00 local.
    const me = await listener({ mood: "happy", timeZone: "Europe/Paris" });
    const a = await content({ mood: "happy" });
    const b = await content({ mood: "happy" });
    await content({ mood: "happy", paid: true }); // never picked: not entitled
    const first = await call(me, "GET", "/today");
    expect(first.statusCode, first.body).toBe(200);
    const today = first.json().data;
    expect(today.reason).toBe("mood");
    expect(today.date).toBe("2030-03-04");
    expect([a.id, b.id]).toContain(today.pick._id);
    expect(today.streak).toEqual({ current: 0, longest: 0, todayDone: false });
    // Later the same local day (01:30 local, before the 04:00 turn) with a new candidate: the same pick.
    await content({ mood: "happy" });
    advance(14 * HOUR + 30 * 60 * SECOND);
    const later = (await call(me, "GET", "/today")).json().data;
    expect(later.date).toBe("2030-03-04");
    expect(later.pick._id).toBe(today.pick._id);
    // 04:30 local: the next day, another content.
    advance(3 * HOUR);
    const next = (await call(me, "GET", "/today")).json().data;
    expect(next.date).toBe("2030-03-05");
    expect(next.reason).toBe("mood");
    expect(next.pick._id).not.toBe(today.pick._id);
  });

  it("leaves out what was finished in the last 14 days, then falls back to popular; counts minutes and the streak", async () => {
    const me = await listener({ mood: "sad" });
    const sad = await content({ mood: "sad" });
    await listen(me, sad.id, 300);
    const popularIds = [];
    for (let i = 0; i < 2; i++) popularIds.push((await content({ plays: 1_000_000 + i })).id);
    const data = (await call(me, "GET", "/today")).json().data;
    // The only sad content was finished: the pick is the most played (the catalogue has nothing new).
    expect(data.reason).toBe("popular");
    expect(data.pick._id).toBe(popularIds[1]);
    expect(data.minutesToday).toBe(5);
    expect(data.streak).toEqual({ current: 1, longest: 1, todayDone: true });
  });

  it("needs a signed-in listener", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/v1/app/today" })).statusCode).toBe(401);
  });
});

describe("POST /app/sessions/:id/end answers a summary", () => {
  it("with minutes, today's total, the streak grown once a day, the mood lift and the series' next item", async () => {
    const admin = await listener({ role: "admin" });
    const me = await listener();
    const [one, two, three] = [await content(), await content(), await content()];
    const created = await call(admin, "POST", "/api/v1/user/series", {
      title: "Sleep better",
      itemIds: [one.id, two.id, three.id],
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);

    const first = await listen(me, one.id, 300, { before: "sad", after: "happy" });
    expect(first.counted).toBe(true);
    expect(first.finished).toBe(true);
    expect(first.summary).toMatchObject({
      minutes: 5,
      minutesToday: 5,
      streak: { current: 1, extended: true },
      moodLift: "improved",
    });
    expect(first.summary.nextInSeries._id).toBe(two.id);

    const second = await listen(me, two.id, 120, { before: "happy", after: "sad" });
    expect(second.summary).toMatchObject({
      minutes: 2,
      minutesToday: 7,
      streak: { current: 1, extended: false },
      moodLift: "worse",
    });
    // Two of five minutes: still the series' next, by the one rule the series page follows too.
    expect(second.summary.nextInSeries._id).toBe(two.id);
    const page = (await call(me, "GET", `/series/${created.json().data._id}`)).json().data;
    expect(page.next._id).toBe(two.id);

    // No moods, not in a series.
    const loose = await content();
    const third = await listen(me, loose.id, 30);
    expect(third.summary).toMatchObject({ minutes: 0, moodLift: null, nextInSeries: null });
  });

  it("takes the mood before at the end (asked beside the playing audio); one given at the start wins", async () => {
    const me = await listener();
    const late = await listen(me, (await content()).id, 120, { beforeAtEnd: "sad", after: "happy" });
    expect(late.summary.moodLift).toBe("improved");
    const early = await listen(me, (await content()).id, 120, {
      before: "happy",
      beforeAtEnd: "sad",
      after: "happy",
    });
    expect(early.summary.moodLift).toBe("same");
  });
});

describe("series", () => {
  it("admins build them (2 to 30 contents, each once, existing); listeners may not", async () => {
    const admin = await listener({ role: "admin" });
    const me = await listener();
    const [a, b] = [await content(), await content()];
    const tooFew = await call(admin, "POST", "/api/v1/user/series", { title: "x", itemIds: [a.id] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().errors[0].field).toBe("itemIds");
    const twice = await call(admin, "POST", "/api/v1/user/series", { title: "x", itemIds: [a.id, a.id] });
    expect(twice.json().errors[0].field).toBe("itemIds");
    const unknown = await call(admin, "POST", "/api/v1/user/series", {
      title: "x",
      itemIds: [a.id, randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe("itemIds.1");
    expect(
      (await call(me, "POST", "/api/v1/user/series", { title: "x", itemIds: [a.id, b.id] })).statusCode,
    ).toBe(403);
    expect((await call(me, "GET", "/api/v1/user/series")).statusCode).toBe(403);

    const made = (
      await call(admin, "POST", "/api/v1/user/series", { title: "Calm", itemIds: [a.id, b.id] })
    ).json().data;
    expect(made).toMatchObject({ title: "Calm", itemIds: [a.id, b.id], published: false });
    const reordered = await call(admin, "PATCH", `/api/v1/user/series/${made.id}`, { itemIds: [b.id, a.id] });
    expect(reordered.json().data.itemIds).toEqual([b.id, a.id]);
    const list = (await call(admin, "GET", "/api/v1/user/series?q=cal")).json();
    expect(list.data.map((s: { id: string }) => s.id)).toContain(made.id);
    // Unpublished: listeners do not see it.
    expect((await call(me, "GET", `/series/${made.id}`)).statusCode).toBe(404);
    expect((await call(admin, "DELETE", `/api/v1/user/series/${made.id}`)).statusCode).toBe(200);
    expect((await call(admin, "GET", `/api/v1/user/series/${made.id}`)).statusCode).toBe(404);
  });

  it("listeners see progress, the next item and locks; home shows today's pick and series", async () => {
    const admin = await listener({ role: "admin" });
    const me = await listener();
    const [a, b, paid] = [await content(), await content(), await content({ paid: true })];
    const open = (
      await call(admin, "POST", "/api/v1/user/series", {
        title: "Open",
        itemIds: [a.id, b.id],
        published: true,
      })
    ).json().data;
    const locked = (
      await call(admin, "POST", "/api/v1/user/series", {
        title: "Paid",
        itemIds: [a.id, paid.id],
        published: true,
      })
    ).json().data;

    await listen(me, a.id, 300);
    // Half of b: its position is kept.
    const started = (await call(me, "POST", `/resources/${b.id}/sessions`, {})).json().data;
    advance(100 * SECOND);
    await call(me, "POST", `/sessions/${started.sessionId}/end`, {
      seq: 1,
      listenedSeconds: 100,
      position: 100,
    });

    const detail = (await call(me, "GET", `/series/${open.id}`)).json().data;
    expect(
      detail.items.map((i: { _id: string; finished: boolean; position: number }) => [
        i._id,
        i.finished,
        i.position,
      ]),
    ).toEqual([
      [a.id, true, 0],
      [b.id, false, 100],
    ]);
    expect(detail.next._id).toBe(b.id);

    const list = await call(me, "GET", "/series?limit=50");
    const byId = new Map(list.json().data.map((s: { _id: string }) => [s._id, s]));
    expect(byId.get(open.id)).toMatchObject({ itemCount: 2, finishedCount: 1, locked: false });
    expect(byId.get(locked.id)).toMatchObject({ itemCount: 2, finishedCount: 1, locked: true });

    const home = (await call(me, "GET", "/home")).json().data.sections;
    const key = (k: string) => home.find((s: { key: string }) => s.key === k);
    expect(home[0].key).toBe("today");
    expect(key("today").items).toHaveLength(1);
    expect(key("series").series.map((s: { _id: string }) => s._id)).toEqual(
      expect.arrayContaining([open.id, locked.id]),
    );
    expect(key("series").items.map((r: { _id: string }) => r._id)).toContain(b.id);
  });
});
