import fs from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resources, users } from "../../db/schema/index.ts";
import { buildUser } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });
const call = t.call;
let interestId: string;
beforeAll(async () => {
  const icon = await uploadFixture(t.app, t.token, "cover.png");
  interestId = (await call("POST", "/interest", { name: "Sleep", icon, position: 1 })).json().data._id;
});
const fileOf = (url: string) => path.join(t.config.media.dir, new URL(url).pathname.replace("/media/", ""));

async function newResource(overrides: Record<string, unknown> = {}) {
  const body = {
    title: "Evening wind-down",
    description: "Ten minutes to let the day go",
    image: await uploadFixture(t.app, t.token, "cover.jpg"),
    resourceUrl: await uploadFixture(t.app, t.token, "tone.mp3"),
    userID: t.user.id,
    duration: "0:02",
    moodType: "sad",
    interestID: interestId,
    paymentType: "paid",
    ...overrides,
  };
  const res = await call("POST", "/resources", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("POST /resources", () => {
  it("creates published content in the spec's field names", async () => {
    const r = await newResource();
    expect(r).toMatchObject({
      title: "Evening wind-down",
      description: "Ten minutes to let the day go",
      userID: t.user.id,
      duration: "0:02",
      durationSeconds: 2,
      moodType: "sad",
      interestID: interestId,
      interestName: "Sleep",
      paymentType: "paid",
      reviewState: "published",
      no_plays: 0,
    });
    // Audio URLs carry a signature: paid audio is served only with one (or to its uploader).
    expect(r.resourceUrl).toMatch(/\/media\/audio\/.+\.mp3\?exp=\d+&sig=[\w-]+$/);
    expect(new Date(r.time_created).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("takes paymentType paid, and anything else the spec's client sends as free", async () => {
    for (const [sent, kept] of [
      ["", "free"],
      ["unpaid", "free"],
      [null, "free"],
      [undefined, "free"],
      ["PAID", "paid"],
    ] as const) {
      const r = await newResource({ paymentType: sent });
      expect(r.paymentType, String(sent)).toBe(kept);
      await call("POST", "/resources/delete", { id: r._id });
    }
    const r = await newResource({ paymentType: "free" });
    const edit = { title: r.title, userID: t.user.id, moodType: r.moodType };
    const updated = await call("PUT", `/resources/${r._id}`, { ...edit, paymentType: "paid" });
    expect(updated.json().data.paymentType).toBe("paid");
    // The spec's update never sends paymentType: it stays as it was.
    expect((await call("PUT", `/resources/${r._id}`, edit)).json().data.paymentType).toBe("paid");
    await call("POST", "/resources/delete", { id: r._id });
  });

  it("validates: title, mood, existing user and interest, our own files of the right kind", async () => {
    const image = await uploadFixture(t.app, t.token, "cover.png");
    const audio = await uploadFixture(t.app, t.token, "tone.mp3");
    const base = { title: "T", image, resourceUrl: audio, userID: t.user.id, moodType: "happy" };
    const cases: [object, string, number][] = [
      [{ ...base, title: "  " }, "title", 400],
      [{ ...base, moodType: "bored" }, "moodType", 400],
      [{ ...base, userID: "00000000-0000-4000-8000-000000000000" }, "userID", 400],
      [{ ...base, interestID: "00000000-0000-4000-8000-000000000000" }, "interestID", 400],
      [{ ...base, image: "https://elsewhere.example/a.png" }, "image", 400],
      [{ ...base, image: audio }, "image", 400],
      [{ ...base, resourceUrl: image }, "resourceUrl", 400],
      [{ ...base, resourceUrl: undefined }, "resourceUrl", 400],
    ];
    for (const [payload, field, status] of cases) {
      const res = await call("POST", "/resources", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().errors?.[0]?.field, JSON.stringify(payload)).toBe(field);
    }
    // Nothing half-written.
    expect(await t.database.db.select().from(resources).where(eq(resources.title, "T"))).toHaveLength(0);
  });
});

describe("GET /resources", () => {
  it("lists newest first in data, with paging, search and filters", async () => {
    const a = await newResource({ title: "Alpha breathing", moodType: "happy", paymentType: "free" });
    const b = await newResource({ title: "Beta body scan", moodType: "angry", interestID: null });
    const all = (await call("GET", "/resources?limit=2")).json();
    expect(all.data.map((r: { _id: string }) => r._id)).toEqual([b._id, a._id]);
    expect(all.meta).toMatchObject({ page: 1, limit: 2 });
    expect(all.meta.total).toBeGreaterThanOrEqual(2);

    const titles = async (query: string) =>
      (await call("GET", `/resources?${query}`)).json().data.map((r: { title: string }) => r.title);
    expect(await titles("q=ALPHA")).toEqual(["Alpha breathing"]);
    expect(await titles("q=100%25")).toEqual([]);
    expect(await titles("mood=angry")).toEqual(["Beta body scan"]);
    expect(await titles("paymentType=free")).toEqual(["Alpha breathing"]);
    expect(await titles(`interest=${interestId}&mood=happy`)).toEqual(["Alpha breathing"]);
    expect((await call("GET", "/resources?mood=bored")).statusCode).toBe(400);
    expect((await call("GET", "/resources?limit=1000")).statusCode).toBe(400);
  });

  it("keeps meta.total exact through creates and deletes, for the whole list and a filtered one", async () => {
    const totals = async () => ({
      all: (await call("GET", "/resources?limit=1")).json().meta,
      angry: (await call("GET", "/resources?limit=1&mood=angry")).json().meta.total,
    });
    const counted = async () => ({
      all: await t.database.db.$count(resources, isNull(resources.deletedAt)),
      angry: await t.database.db.$count(
        resources,
        and(eq(resources.mood, "angry"), isNull(resources.deletedAt)),
      ),
    });
    const before = await totals();
    expect(before.all.total).toBe((await counted()).all);
    expect(before.angry).toBe((await counted()).angry);
    const made = [await newResource({ moodType: "angry" }), await newResource({ moodType: "happy" })];
    const after = await totals();
    expect(after.all).toEqual({
      page: 1,
      limit: 1,
      total: before.all.total + 2,
      pages: before.all.total + 2,
    });
    expect(after.angry).toBe(before.angry + 1);
    for (const r of made) await call("POST", "/resources/delete", { id: r._id });
    expect(await totals()).toEqual(before);
  });

  it("GET /top-resources orders by plays", async () => {
    const quiet = await newResource({ title: "Quiet one" });
    const loved = await newResource({ title: "Loved one" });
    await t.database.db.update(resources).set({ noPlays: 50 }).where(eq(resources.id, loved._id));
    await t.database.db.update(resources).set({ noPlays: 5 }).where(eq(resources.id, quiet._id));
    const top = (await call("GET", "/top-resources?limit=2")).json().data;
    expect(top.map((r: { title: string; no_plays: number }) => [r.title, r.no_plays])).toEqual([
      ["Loved one", 50],
      ["Quiet one", 5],
    ]);
  });
});

describe("PUT /resources/:id", () => {
  it("updates fields, replaces files and removes the old ones, and answers the spec's message", async () => {
    const r = await newResource();
    const newImage = await uploadFixture(t.app, t.token, "cover.png");
    const res = await call("PUT", `/resources/${r._id}`, {
      title: "Renamed",
      userID: t.user.id,
      moodType: "happy",
      interestID: null,
      paymentType: "free",
      image: newImage,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Renamed Updated Successfully");
    expect(res.json().data).toMatchObject({
      title: "Renamed",
      moodType: "happy",
      interestID: null,
      paymentType: "free",
      image: newImage,
    });
    // The audio was not sent: it stays.
    // (Audio URLs are signed when answered: the file, not the signature, stays the same.)
    expect(res.json().data.resourceUrl.split("?")[0]).toBe(r.resourceUrl.split("?")[0]);
    expect(fs.existsSync(fileOf(r.image))).toBe(false);
    expect(fs.existsSync(fileOf(newImage))).toBe(true);
    expect(fs.existsSync(fileOf(r.resourceUrl))).toBe(true);
  });

  it("404 for an unknown id, 400 for a bad one, and a failed update changes nothing", async () => {
    const payload = { title: "X", userID: t.user.id, moodType: "happy" };
    expect((await call("PUT", "/resources/00000000-0000-4000-8000-000000000000", payload)).statusCode).toBe(
      404,
    );
    expect((await call("PUT", "/resources/123", payload)).statusCode).toBe(400);
    const r = await newResource();
    const bad = await call("PUT", `/resources/${r._id}`, {
      ...payload,
      resourceUrl: "https://elsewhere.example/a.mp3",
    });
    expect(bad.statusCode).toBe(400);
    expect((await call("GET", `/resources/${r._id}`)).json().data.title).toBe(r.title);
  });
});

describe("POST /resources/delete", () => {
  it("moves it to the trash: hidden (404), its files kept until the purge", async () => {
    const r = await newResource();
    const res = await call("POST", "/resources/delete", { id: r._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: "Content Deleted" });
    expect((await call("GET", `/resources/${r._id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, r._id));
    expect(row).toMatchObject({ title: r.title, deletedBy: t.user.id });
    expect(fs.existsSync(fileOf(r.image))).toBe(true);
    expect(fs.existsSync(fileOf(r.resourceUrl))).toBe(true);
    expect((await call("POST", "/resources/delete", { id: r._id })).statusCode).toBe(404);
  });

  it("content stays when its uploader is deleted, attributed to no one", async () => {
    const host = await buildUser(t.database.db, { role: "host" });
    const r = await newResource({ userID: host.id });
    await t.database.db.delete(users).where(eq(users.id, host.id));
    const after = (await call("GET", `/resources/${r._id}`)).json().data;
    expect(after).toMatchObject({ title: r.title, userID: null, userEmail: null });
  });
});
