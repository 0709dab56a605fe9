import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interests, resources, users } from "../../db/schema/index.ts";
import { buildInterest, buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { typoPatterns } from "./catalogue.repository.ts";

let t: TestApp;
let listener: string;
let paidListener: string;
beforeAll(async () => {
  t = await createTestApp();
  listener = await login(t.app, (await buildUser(t.database.db)).email);
  const paid = await buildUser(t.database.db, {
    paidUntil: new Date(Date.now() + 30 * 24 * 3600_000),
    status: "paid",
  });
  paidListener = await login(t.app, paid.email);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/app${url}`, headers: token ? bearer(token) : {} });
const ids = (body: { data: { _id: string }[] }) => body.data.map((r) => r._id);

describe("typoPatterns", () => {
  it("covers one insert, delete, substitution or swap, and leaves short words as typed", () => {
    const matches = (pattern: string, text: string) =>
      new RegExp(
        `^${pattern
          .replace(/\\\\(.)/g, "$1")
          .replaceAll("%", ".*")
          .replaceAll("_", ".")}$`,
      ).test(text);
    const hits = (query: string, text: string) => typoPatterns(query).some((p) => matches(p, text));
    expect(hits("meditation", "a meditation for sleep")).toBe(true);
    expect(hits("meditaton", "meditation")).toBe(true); // missing letter
    expect(hits("meditattion", "meditation")).toBe(true); // extra letter
    expect(hits("medktation", "meditation")).toBe(true); // substitution
    expect(hits("mediattion", "meditation")).toBe(true); // swap
    expect(hits("mdeitatoin", "meditation")).toBe(false); // two edits
    expect(hits("zen", "zan")).toBe(false);
    // Patterns without three letters in a row match at the start of a word (the index serves those).
    expect(hits("ocxan", " calm ocean")).toBe(true);
    expect(hits("ocxan", " calm myocean")).toBe(false);
    expect(hits("ocean", " calm myocean")).toBe(true);
    expect(hits("du", " meditation du soir")).toBe(true);
    expect(hits("du", " meditation sudoku")).toBe(false);
  });
});

describe("GET /app/interests", () => {
  it("is public and counts only published content", async () => {
    const interest = await buildInterest(t.database.db, { name: "Counting Sheep", position: 1 });
    await buildResource(t.database.db, { interestId: interest.id });
    await buildResource(t.database.db, { interestId: interest.id, reviewState: "pending" });
    const res = await get("/interests");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((i: { _id: string }) => i._id === interest.id)).toEqual({
      _id: interest.id,
      name: "Counting Sheep",
      icon: null,
      position: 1,
      count: 1,
    });
  });
});

describe("GET /app/resources", () => {
  it("answers published content only, in the app's shape, locked per listener", async () => {
    const interest = await buildInterest(t.database.db, { name: "Shape Test" });
    const paid = await buildResource(t.database.db, {
      title: "Shape paid",
      paymentType: "paid",
      interestId: interest.id,
      audioKey: "audio/AAAAAAAAAAAAAAAAAAAAAA.mp3",
    });
    await buildResource(t.database.db, {
      title: "Shape pending",
      reviewState: "pending",
      interestId: interest.id,
    });
    await buildResource(t.database.db, {
      title: "Shape declined",
      reviewState: "declined",
      interestId: interest.id,
    });
    const res = await get(`/resources?interest=${interest.id}`, listener);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ nextCursor: null });
    expect(res.json().data).toEqual([
      {
        _id: paid.id,
        title: "Shape paid",
        image: null,
        duration: "5:00",
        durationSeconds: 300,
        loudness: null,
        hasTranscript: false,
        moodType: "happy",
        interest: { _id: interest.id, name: "Shape Test" },
        paymentType: "paid",
        locked: true,
        no_plays: 0,
        time_created: paid.timeCreated.toISOString(),
      },
    ]);
    expect(res.body).not.toContain("audio/");
    const forPaid = await get(`/resources?interest=${interest.id}`, paidListener);
    expect(forPaid.json().data[0].locked).toBe(false);
    expect((await get("/resources")).statusCode).toBe(401);
  });

  it("searches title, description and interest name ignoring case and accents, with one typo per word", async () => {
    const interest = await buildInterest(t.database.db, { name: "Ansiedad Tranquila" });
    const a = await buildResource(t.database.db, { title: "Méditation du Soir" });
    const b = await buildResource(t.database.db, {
      title: "Evening calm",
      description: "A gentle BREATHING exercise",
    });
    const c = await buildResource(t.database.db, { title: "Quiet", interestId: interest.id });
    const d = await buildResource(t.database.db, { title: "Méditation hidden", reviewState: "pending" });
    const search = async (q: string) =>
      ids((await get(`/resources?q=${encodeURIComponent(q)}`, listener)).json());
    expect(await search("meditation soir")).toEqual([a.id]);
    expect(await search("MEDITATOIN")).toEqual([a.id]); // swap, no accents, any case
    expect(await search("breathng")).toEqual([b.id]); // one letter missing, in the description
    expect(await search("tranquilla")).toEqual([c.id]); // interest name, one letter too many
    expect(await search("bretahng")).toEqual([]); // two edits
    expect(await search("meditation")).not.toContain(d.id);
  });

  it("searches what a content and its interest say now: after a rename, an edit, an interest deleted", async () => {
    const interest = await buildInterest(t.database.db, { name: "Montagne" });
    const r = await buildResource(t.database.db, { title: "Plain title", interestId: interest.id });
    const search = async (q: string) =>
      ids((await get(`/resources?q=${encodeURIComponent(q)}`, listener)).json());
    expect(await search("montagne")).toEqual([r.id]);
    await t.database.db.update(interests).set({ name: "Rivière" }).where(eq(interests.id, interest.id));
    expect(await search("montagne")).toEqual([]);
    expect(await search("riviere")).toEqual([r.id]);
    await t.database.db.update(resources).set({ title: "Glacier walk" }).where(eq(resources.id, r.id));
    expect(await search("plain")).toEqual([]);
    expect(await search("glacier riviere")).toEqual([r.id]);
    await t.database.db.delete(interests).where(eq(interests.id, interest.id));
    expect(await search("riviere")).toEqual([]);
    expect(await search("glacier")).toEqual([r.id]);
  });

  it("filters by mood, access and duration; sorts new, popular, shortest; pages by cursor to the end", async () => {
    const interest = await buildInterest(t.database.db);
    const made: Awaited<ReturnType<typeof buildResource>>[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await buildResource(t.database.db, {
          interestId: interest.id,
          mood: i % 2 ? "sad" : "happy",
          paymentType: i < 2 ? "paid" : "free",
          durationSeconds: [600, 60, 300, 1200, 60][i],
          noPlays: [5, 50, 10, 0, 7][i],
          timeCreated: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
    const list = async (query: string) => {
      const res = await get(`/resources?interest=${interest.id}&${query}`, listener);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const idOf = (i: number) => made[i]!.id;
    expect(ids(await list("sort=new"))).toEqual([4, 3, 2, 1, 0].map(idOf));
    expect(ids(await list("sort=popular"))).toEqual([1, 2, 4, 0, 3].map(idOf));
    // Equal durations: the lower id first, for a stable order.
    const shortest = ids(await list("sort=shortest"));
    expect(shortest.slice(0, 2).sort()).toEqual([idOf(1), idOf(4)].sort());
    expect(shortest.slice(2)).toEqual([2, 0, 3].map(idOf));
    expect(ids(await list("mood=sad")).sort()).toEqual([1, 3].map(idOf).sort());
    expect(ids(await list("access=paid")).sort()).toEqual([0, 1].map(idOf).sort());
    expect(ids(await list("minSeconds=200&maxSeconds=700")).sort()).toEqual([0, 2].map(idOf).sort());

    for (const sort of ["new", "popular", "shortest"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: { _id: string }[]; meta: { nextCursor: string | null } } = await list(
          `sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...ids(page));
        cursor = page.meta.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(ids(await list(`sort=${sort}`)));
    }
  });

  it("names bad query fields", async () => {
    const res = await get("/resources?sort=loudest&limit=500&access=maybe&cursor=nonsense", listener);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["access", "limit", "sort"]);
    const cursor = await get("/resources?cursor=nonsense", listener);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().errors[0].field).toBe("cursor");
  });
});

describe("one content, one interest, home", () => {
  it("GET /app/resources/:id answers the description; 404 for unknown or unpublished", async () => {
    const r = await buildResource(t.database.db, { description: "Slow down." });
    const pending = await buildResource(t.database.db, { reviewState: "pending" });
    const res = await get(`/resources/${r.id}`, listener);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: r.id, description: "Slow down.", locked: false });
    expect((await get(`/resources/${pending.id}`, listener)).statusCode).toBe(404);
    expect((await get("/resources/00000000-0000-4000-8000-000000000000", listener)).statusCode).toBe(404);
    expect((await get("/resources/not-an-id", listener)).statusCode).toBe(400);
  });

  it("GET /app/interests/:id/resources lists one interest's content; 404 for an unknown interest", async () => {
    const interest = await buildInterest(t.database.db);
    const r = await buildResource(t.database.db, { interestId: interest.id });
    const res = await get(`/interests/${interest.id}/resources`, listener);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([r.id]);
    expect(
      (await get("/interests/00000000-0000-4000-8000-000000000000/resources", listener)).statusCode,
    ).toBe(404);
  });

  it("GET /app/home has its sections, with the listener's mood and interests", async () => {
    const interest = await buildInterest(t.database.db);
    const user = await buildUser(t.database.db, { mood: "angry" });
    const token = await login(t.app, user.email);
    await t.app.inject({
      method: "PATCH",
      url: "/api/v1/app/me",
      headers: bearer(token),
      payload: { interests: [interest.id] },
    });
    const angry = await buildResource(t.database.db, { mood: "angry", noPlays: 100000 });
    const mine = await buildResource(t.database.db, { interestId: interest.id, paymentType: "paid" });
    const res = await get("/home", token);
    expect(res.statusCode, res.body).toBe(200);
    const sections = res.json().data.sections as { key: string; items: { _id: string; locked: boolean }[] }[];
    expect(sections.map((s) => s.key)).toEqual([
      "today",
      "continue",
      "series",
      "mood",
      "interests",
      "new",
      "popular",
      "free",
    ]);
    const section = (key: string) => sections.find((s) => s.key === key)!.items;
    expect(section("continue")).toEqual([]);
    expect(section("mood").map((i) => i._id)).toContain(angry.id);
    expect(section("mood").every((i) => i._id !== mine.id)).toBe(true);
    expect(section("interests")).toEqual([expect.objectContaining({ _id: mine.id, locked: true })]);
    expect(section("popular")[0]!._id).toBe(angry.id);
    expect(section("free").every((i) => !i.locked)).toBe(true);
    expect((await get("/home")).statusCode).toBe(401);
  });
});

describe("entitlement", () => {
  it("GET /app/entitlement says paid, until when and days left; an expired one is not paid", async () => {
    const user = await buildUser(t.database.db, {
      paidUntil: new Date(Date.now() + 10 * 24 * 3600_000 - 60_000),
    });
    const token = await login(t.app, user.email);
    const res = await get("/entitlement", token);
    expect(res.json().data).toMatchObject({ paid: true, daysLeft: 10, source: null });
    await t.database.db
      .update(users)
      .set({ paidUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, user.id));
    expect((await get("/entitlement", token)).json().data).toMatchObject({ paid: false, daysLeft: 0 });
  });
});
