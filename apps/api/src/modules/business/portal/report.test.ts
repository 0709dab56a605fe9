import { and, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningSessions, seatHoldings } from "../../../db/schema/index.ts";
import { redeemSubscriptionCode } from "../index.ts";
import { buildInterest, buildResource } from "../../../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { portalBusiness } from "../../../test-support/portal.ts";

// The anonymised report (BUSINESS-API.md): whole ended months, counted on the seat, nothing
// resting on fewer than 10 listeners, rounded. One fixed data set, built once: a business whose
// 11 members and a leaver (Y) listened over three ended months, and a listener (X) who joined in
// the middle of the second one.

let t: TestApp;
const DAY = 24 * 3600_000;
const now = new Date();
const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
const monthName = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
const monthStart = (i: number) => new Date(Date.UTC(Math.floor(i / 12), i % 12, 1));
/** Noon on the `day`th day after the month's first Monday. */
function inMonth(i: number, day: number) {
  const first = monthStart(i);
  const monday = first.getTime() + ((8 - first.getUTCDay()) % 7) * DAY;
  return new Date(monday + day * DAY + 12 * 3600_000);
}
const [M0, M1, M2, M3] = [current - 4, current - 3, current - 2, current - 1];

type Business = Awaited<ReturnType<typeof portalBusiness>>;
let b: Business;
let sleep: string;
let sleepResource: string;
let griefResource: string;
/** Listeners who never held a seat before now, signed in (the property test's joiners). */
const outsiders: { id: string }[] = [];
let x: { id: string };
let y: { id: string; seatId: string };
const joinedAt = inMonth(M2, 7);

const redeem = (token: string, code: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/app/redeem", headers: bearer(token), payload: { code } });
const report = (query: string, business = b) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/business/${business.businessId}/report?${query}`,
    headers: bearer(business.token),
  });
const listen = (userId: string, startedAt: Date, seconds = 600, resourceId = sleepResource, mood = false) =>
  t.database.db.insert(listeningSessions).values({
    userId,
    resourceId,
    listenedSeconds: seconds,
    startedAt,
    lastReportAt: startedAt,
    ...(mood ? { moodBefore: "sad" as const, moodAfter: "sad" as const } : {}),
  });

async function signedIn() {
  const user = await buildUser(t.database.db);
  return { id: user.id, token: await login(t.app, user.email) };
}

/**
 * A listener who redeems one of the business's codes now (the accounts module's command, as its
 * routes call it; signing in each would be slow); their holding then moved back to `from`.
 */
async function member(code: string, from: Date, user?: { id: string }) {
  user ??= await buildUser(t.database.db);
  await t.database.db.transaction((tx) => redeemSubscriptionCode(tx, null, user.id, code));
  await t.database.db.update(seatHoldings).set({ heldFrom: from }).where(eq(seatHoldings.userId, user.id));
  return user;
}

/** The seat a listener holds, taken back through the portal; their holding then ended at `until`. */
async function leave(business: Business, userId: string, until?: Date) {
  const [holding] = await t.database.db
    .select()
    .from(seatHoldings)
    .where(and(eq(seatHoldings.userId, userId), isNull(seatHoldings.heldUntil)));
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/business/${business.businessId}/seats/${holding!.seatId}/remove`,
    headers: bearer(business.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  if (until)
    await t.database.db
      .update(seatHoldings)
      .set({ heldUntil: until })
      .where(eq(seatHoldings.id, holding!.id));
  return holding!.seatId;
}

beforeAll(async () => {
  t = await createTestApp();
  b = await portalBusiness(t, 30);
  const interest = await buildInterest(t.database.db, { name: `Sleep ${b.businessId.slice(0, 6)}` });
  sleep = interest.name;
  sleepResource = (await buildResource(t.database.db, { interestId: interest.id })).id;
  const grief = await buildInterest(t.database.db);
  griefResource = (await buildResource(t.database.db, { interestId: grief.id })).id;
  const since = new Date(monthStart(M1).getTime() - DAY);
  // 11 members since before M1: one session in the first complete week of M1, M2 and M3; in M2
  // each recorded their mood (6 of them felt better).
  for (let i = 0; i < 11; i++) {
    const m = await member(b.codes[i]!, since);
    await listen(m.id, inMonth(M1, 2));
    await listen(m.id, inMonth(M3, 2));
    await t.database.db.insert(listeningSessions).values({
      userId: m.id,
      resourceId: sleepResource,
      listenedSeconds: 600,
      startedAt: inMonth(M2, 2),
      lastReportAt: inMonth(M2, 2),
      moodBefore: "sad",
      moodAfter: i < 6 ? "happy" : "sad",
    });
  }
  // Y held a seat from before M1 until M2's second week: what Y heard after leaving never counts.
  const yUser = await member(b.codes[11]!, since);
  await listen(yUser.id, inMonth(M1, 2));
  await listen(yUser.id, inMonth(M2, 2));
  for (let i = 0; i < 3; i++) await listen(yUser.id, inMonth(M2, 9), 1800);
  await listen(yUser.id, inMonth(M3, 2), 1800);
  y = { id: yUser.id, seatId: await leave(b, yUser.id, joinedAt) };
  // X joined in M2's second week: four long sessions before (never counted), one of Grief after.
  x = await member(b.codes[12]!, joinedAt);
  for (let i = 0; i < 4; i++) await listen(x.id, inMonth(M2, 2), 1800);
  await listen(x.id, inMonth(M2, 9), 600, griefResource);
  await listen(x.id, inMonth(M3, 2));
  for (let i = 0; i < 4; i++) {
    const o = await buildUser(t.database.db);
    await listen(o.id, inMonth(M2, 2), 1800);
    outsiders.push(o);
  }
}, 120_000);
afterAll(() => t.close());

const weeksOf = (i: number) => {
  const weeks: string[] = [];
  for (let day = inMonth(i, 0); day < monthStart(i + 1); day = new Date(day.getTime() + 7 * DAY))
    if (day.getTime() + 6.5 * DAY <= monthStart(i + 1).getTime()) weeks.push(day.toISOString().slice(0, 10));
  return weeks;
};

describe("business report: whole ended months, counted on the seat", () => {
  it("counts a listener only while they held a seat: X's listening before joining and Y's after leaving are not in M2", async () => {
    const res = await report(`month=${monthName(M2)}`);
    expect(res.statusCode, res.body).toBe(200);
    const [firstWeek, ...otherWeeks] = weeksOf(M2);
    expect(res.json().data).toEqual({
      from: monthStart(M2).toISOString().slice(0, 10),
      to: new Date(monthStart(M3).getTime() - DAY).toISOString().slice(0, 10),
      // At M2's end: the 11 and X (Y had left).
      redeemed: 12,
      // 11 + Y (before leaving) + X (after joining): 13 listeners, 13 sessions of 10 minutes.
      activeListeners: 15,
      minutes: 130,
      sessions: 15,
      // The first complete week: the 11 and Y; the second: X alone (withheld).
      weekly: [
        { weekStart: firstWeek, activeListeners: 10, minutes: 120 },
        ...otherWeeks.map((weekStart) => ({ weekStart, activeListeners: null, minutes: null })),
      ],
      // Grief rests on X alone: left out. Sleep: 7,200 of 7,800 seconds, 92 % -> 90 %.
      topInterests: [{ name: sleep, share: 0.9 }],
      // 11 moods: 6 better (55 %), 5 the same (45 %); 11 sessions -> 10.
      moodLift: { sessions: 10, improved: 0.55, same: 0.45, worse: 0 },
      suppressed: ["weekly", "topInterests"],
    });
  });

  it("someone joins: the month read before and after a listener redeems is the same, though they listened in it", async () => {
    const before = (await report(`month=${monthName(M2)}`)).json().data;
    const range = (await report(`from=${monthName(M1)}&to=${monthName(M3)}`)).json().data;
    const newcomer = await signedIn();
    for (let i = 0; i < 3; i++) await listen(newcomer.id, inMonth(M2, 2), 1800, sleepResource, true);
    expect((await redeem(newcomer.token, b.codes[13]!)).statusCode).toBe(200);
    expect((await report(`month=${monthName(M2)}`)).json().data).toEqual(before);
    expect((await report(`from=${monthName(M1)}&to=${monthName(M3)}`)).json().data).toEqual(range);
  });

  it("refuses the current month, a future one and more than 12, naming the field; a month before the first purchase withholds everything", async () => {
    for (const [query, field] of [
      [`month=${monthName(current)}`, "month"],
      [`month=${monthName(current + 5)}`, "month"],
      [`from=${monthName(M3)}&to=${monthName(current)}`, "to"],
      [`from=${monthName(current - 13)}&to=${monthName(M3)}`, "to"],
      [`from=${monthName(M2)}&to=${monthName(M1)}`, "to"],
      [`from=${monthName(M2)}`, "to"],
      [`month=${monthName(M2)}&from=${monthName(M1)}`, "month"],
      ["month=2026-13", "month"],
      ["month=0000-05", "month"],
      ["from=2026-10-01&to=2026-10-31", "from"],
      ["", "from"],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ field, message: expect.any(String) });
    }
    expect((await report(`month=${monthName(current)}`)).json().message).toMatch(/ended/);

    const twelve = await report(`from=${monthName(current - 12)}&to=${monthName(M3)}`);
    expect(twelve.statusCode, twelve.body).toBe(200);
    const early = await report("month=2020-02");
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toMatchObject({
      from: "2020-02-01",
      to: "2020-02-29",
      redeemed: 0,
      activeListeners: null,
      minutes: null,
      sessions: null,
      topInterests: null,
      moodLift: null,
      suppressed: ["activeListeners", "minutes", "sessions", "weekly", "topInterests", "moodLift"],
    });
    expect(early.json().data.weekly.every((w: { minutes: unknown }) => w.minutes === null)).toBe(true);
  });

  it("withholds every figure resting on fewer than 10 listeners, a range's when one of its months has fewer", async () => {
    // M0: the members held seats but nobody listened; M1 alone shows, M0..M1 does not.
    expect((await report(`month=${monthName(M1)}`)).json().data).toMatchObject({
      activeListeners: 10,
      minutes: 120,
      sessions: 10,
      moodLift: null,
      suppressed: ["weekly", "moodLift"],
    });
    expect((await report(`from=${monthName(M0)}&to=${monthName(M1)}`)).json().data).toMatchObject({
      redeemed: 12,
      activeListeners: null,
      minutes: null,
      sessions: null,
      topInterests: null,
      moodLift: null,
      suppressed: ["activeListeners", "minutes", "sessions", "weekly", "topInterests", "moodLift"],
    });

    // Nine listeners, each with mood and a whole month of listening: nothing shows but the seats.
    const small = await portalBusiness(t, 9);
    for (const code of small.codes) {
      const m = await member(code, new Date(monthStart(M2).getTime() - DAY));
      for (let week = 0; week < 3; week++)
        await listen(m.id, inMonth(M2, week * 7 + 1), 1800, sleepResource, true);
    }
    expect((await report(`month=${monthName(M2)}`, small)).json().data).toEqual({
      from: monthStart(M2).toISOString().slice(0, 10),
      to: new Date(monthStart(M3).getTime() - DAY).toISOString().slice(0, 10),
      redeemed: 9,
      activeListeners: null,
      minutes: null,
      sessions: null,
      weekly: weeksOf(M2).map((weekStart) => ({ weekStart, activeListeners: null, minutes: null })),
      topInterests: null,
      moodLift: null,
      suppressed: ["activeListeners", "minutes", "sessions", "weekly", "topInterests", "moodLift"],
    });
  });

  it("rounds counts to 5, minutes to 10 and shares to 5 %", async () => {
    const data = (await report(`from=${monthName(M1)}&to=${monthName(M3)}`)).json().data;
    // 13 distinct listeners; 12 + 13 + 12 = 37 sessions of 10 minutes (370) -> 35 and 370.
    expect(data).toMatchObject({ activeListeners: 15, sessions: 35, minutes: 370 });
    for (const n of [data.activeListeners, data.sessions, data.moodLift.sessions]) expect(n % 5).toBe(0);
    for (const s of [
      data.moodLift.improved,
      data.moodLift.same,
      ...data.topInterests.map((i: { share: number }) => i.share),
    ])
      expect(Math.round(s * 20)).toBeCloseTo(s * 20, 9);
  });

  it("property: no sequence of joins, leaves, off-seat listening and allowed report calls changes a month's figures", async () => {
    const choices = [
      `month=${monthName(M0)}`,
      `month=${monthName(M1)}`,
      `month=${monthName(M2)}`,
      `month=${monthName(M3)}`,
      `from=${monthName(M1)}&to=${monthName(M2)}`,
      `from=${monthName(M2)}&to=${monthName(M3)}`,
      `from=${monthName(M1)}&to=${monthName(M3)}`,
      `from=${monthName(M0)}&to=${monthName(M3)}`,
    ];
    // What each allowed call answers on the fixed data set, read first.
    const baseline = new Map<string, unknown>();
    for (const query of choices) baseline.set(query, (await report(query)).json().data);
    // Each outsider joins at most once (now), and may leave again.
    const joined = new Set<string>();
    const left = new Set<string>();
    let nextCode = 14;
    const step = fc.oneof(
      fc.record({ kind: fc.constant("report" as const), query: fc.constantFrom(...choices) }),
      fc.record({ kind: fc.constant("current" as const), ahead: fc.nat(3) }),
      fc.record({ kind: fc.constant("join" as const), who: fc.nat(outsiders.length - 1) }),
      fc.record({ kind: fc.constant("leave" as const), who: fc.nat(outsiders.length - 1) }),
      // Listening off the seat: an outsider any time in the months, X before joining, Y after leaving.
      fc.record({
        kind: fc.constant("listen" as const),
        who: fc.constantFrom("outsider", "x", "y"),
        at: fc.integer({ min: 0, max: 1000 }),
        seconds: fc.integer({ min: 1, max: 3600 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === "report") {
            const res = await report(s.query);
            expect(res.statusCode).toBe(200);
            expect(res.json().data, s.query).toEqual(baseline.get(s.query));
          } else if (s.kind === "current") {
            expect((await report(`month=${monthName(current + s.ahead)}`)).statusCode).toBe(400);
          } else if (s.kind === "join") {
            const o = outsiders[s.who]!;
            if (joined.has(o.id) || left.has(o.id)) continue;
            await member(b.codes[nextCode++]!, new Date(), o);
            joined.add(o.id);
          } else if (s.kind === "leave") {
            const o = outsiders[s.who]!;
            if (!joined.has(o.id)) continue;
            await leave(b, o.id);
            joined.delete(o.id);
            left.add(o.id);
          } else {
            const [from, until] =
              s.who === "outsider"
                ? [monthStart(M0), monthStart(current)]
                : s.who === "x"
                  ? [monthStart(M0), joinedAt]
                  : [joinedAt, monthStart(current)];
            const at = new Date(from.getTime() + ((until.getTime() - from.getTime()) * s.at) / 1001);
            const userId =
              s.who === "outsider" ? outsiders[s.at % outsiders.length]!.id : s.who === "x" ? x.id : y.id;
            await listen(userId, at, s.seconds, s.at % 2 ? griefResource : sleepResource, s.at % 3 === 0);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
