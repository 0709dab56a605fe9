import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, resources, userMessages } from "../../db/schema/index.ts";
import { buildInterest, buildResource } from "../../test-support/catalogue.ts";
import { buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";

/** The contents list's sort and filters, and its bulk actions (issue 22, section 2). */
const t = useTestApp({ as: "admin" });

const TAG = "bulkcontent";
let host: { id: string };
let interestId: string;

beforeAll(async () => {
  const db = t.database.db;
  host = await buildUser(db, { role: "host" });
  interestId = (await buildInterest(db)).id;
  await buildResource(db, {
    title: `${TAG} b`,
    noPlays: 30,
    durationSeconds: 600,
    paymentType: "paid",
    interestId,
    userId: host.id,
  });
  await buildResource(db, { title: `${TAG} a`, noPlays: 10, durationSeconds: 60, mood: "sad" });
  await buildResource(db, { title: `${TAG} c`, noPlays: 20, durationSeconds: 300, interestId });
});

const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title);

describe("GET /resources: sort and filters", () => {
  it("sorts by a column both ways", async () => {
    expect(titles((await t.call("GET", `/resources?q=${TAG}&sort=title`)).json())).toEqual([
      `${TAG} a`,
      `${TAG} b`,
      `${TAG} c`,
    ]);
    expect(titles((await t.call("GET", `/resources?q=${TAG}&sort=plays`)).json())).toEqual([
      `${TAG} b`,
      `${TAG} c`,
      `${TAG} a`,
    ]);
    expect(titles((await t.call("GET", `/resources?q=${TAG}&sort=duration&direction=desc`)).json())).toEqual([
      `${TAG} b`,
      `${TAG} c`,
      `${TAG} a`,
    ]);
  });

  it("filters by interest, mood, paid or free and uploader", async () => {
    const inInterest = await t.call("GET", `/resources?interest=${interestId}&sort=title`);
    expect(titles(inInterest.json())).toEqual([`${TAG} b`, `${TAG} c`]);
    expect(inInterest.json().meta.total).toBe(2);
    expect(titles((await t.call("GET", `/resources?q=${TAG}&mood=sad`)).json())).toEqual([`${TAG} a`]);
    expect(titles((await t.call("GET", `/resources?q=${TAG}&paymentType=paid`)).json())).toEqual([
      `${TAG} b`,
    ]);
    expect(titles((await t.call("GET", `/resources?uploader=${host.id}`)).json())).toEqual([`${TAG} b`]);
  });

  it.each([
    ["sort=loudness", "sort"],
    ["sort=title&direction=sideways", "direction"],
    ["uploader=someone", "uploader"],
    ["reviewState=lost", "reviewState"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const res = await t.call("GET", `/resources?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe("POST /resources/bulk", () => {
  const entries = (action: string, ids: string[]) =>
    t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), inArray(activityLog.entityId, ids)));

  it("publishes the picked submissions: each uploader told, one activity entry each", async () => {
    const pending = await Promise.all(
      [1, 2, 3].map((n) =>
        buildResource(t.database.db, { title: `pending ${n}`, reviewState: "pending", userId: host.id }),
      ),
    );
    const ids = pending.map((r) => r.id);
    const res = await t.call("POST", "/resources/bulk", { action: "publish", ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "3 contents published", data: { done: 3, failed: [] } });
    const rows = await t.database.db.select().from(resources).where(inArray(resources.id, ids));
    expect(rows.map((r) => r.reviewState)).toEqual(["published", "published", "published"]);
    expect(await entries("resource.approve", ids)).toHaveLength(3);
    const told = await t.database.db
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.userId, host.id), inArray(userMessages.resourceId, ids)));
    expect(told).toHaveLength(3);
  });

  it("declines every pending content matching a filter with the feedback, and refuses published ones", async () => {
    const waiting = await buildResource(t.database.db, {
      title: "decline me",
      reviewState: "pending",
      userId: host.id,
    });
    const published = await buildResource(t.database.db, { title: "decline me too", userId: host.id });
    const res = await t.call("POST", "/resources/bulk", {
      action: "decline",
      filter: { q: "decline me" },
      feedback: "The audio clips at the end.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(1);
    expect(res.json().data.failed).toEqual([
      { id: published.id, name: "decline me too", message: expect.stringContaining("waiting for review") },
    ]);
    const [declined] = await t.database.db.select().from(resources).where(eq(resources.id, waiting.id));
    expect(declined!.reviewState).toBe("declined");
    const [entry] = await entries("resource.decline", [waiting.id]);
    expect(entry!.details).toMatchObject({ feedback: "The audio clips at the end." });
    expect(await entries("resource.decline", [published.id])).toHaveLength(0);
  });

  it("moves the picked contents to the trash, one activity entry each", async () => {
    const doomed = await Promise.all([1, 2].map(() => buildResource(t.database.db)));
    const ids = doomed.map((r) => r.id);
    const res = await t.call("POST", "/resources/bulk", { action: "delete", ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ done: 2, ids: expect.arrayContaining(ids), failed: [] });
    const rows = await t.database.db.select().from(resources).where(inArray(resources.id, ids));
    expect(rows.map((r) => r.deletedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    expect(await entries("resource.trash", ids)).toHaveLength(2);
  });

  it("writes nothing when the whole request fails", async () => {
    const kept = await buildResource(t.database.db, { title: "kept whole", reviewState: "pending" });
    // A constraint failing half-way (not a rule refusing one row) rolls every row back.
    await t.database.db.execute(
      sql.raw(`create or replace function fail_on_second() returns trigger language plpgsql as $$
       begin if new.title = 'second fails' then raise exception 'boom'; end if; return new; end $$`),
    );
    const second = await buildResource(t.database.db, { title: "second", reviewState: "pending" });
    await t.database.db.execute(sql`update resources set title = 'second fails' where id = ${second.id}`);
    await t.database.db.execute(
      sql.raw(
        `create trigger fail_on_second before update on resources for each row execute function fail_on_second()`,
      ),
    );
    try {
      const res = await t.call("POST", "/resources/bulk", { action: "publish", ids: [kept.id, second.id] });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger fail_on_second on resources`));
    }
    const rows = await t.database.db
      .select()
      .from(resources)
      .where(inArray(resources.id, [kept.id, second.id]));
    expect(rows.map((r) => r.reviewState)).toEqual(["pending", "pending"]);
    expect(await entries("resource.approve", [kept.id, second.id])).toHaveLength(0);
  });

  it.each([
    [{ action: "decline", ids: ["00000000-0000-4000-8000-000000000000"] }, "feedback"],
    [{ action: "publish" }, "ids"],
    [{ action: "archive", ids: ["00000000-0000-4000-8000-000000000000"] }, "action"],
    [{ action: "delete", filter: { uploader: "nobody" } }, "filter.uploader"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await t.call("POST", "/resources/bulk", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("is refused to anonymous callers and to hosts", async () => {
    const payload = { action: "delete", ids: ["00000000-0000-4000-8000-000000000000"] };
    expect((await t.call("POST", "/resources/bulk", payload, null)).statusCode).toBe(401);
    const hostToken = await login(t.app, (await buildUser(t.database.db, { role: "host" })).email);
    expect((await t.call("POST", "/resources/bulk", payload, hostToken)).statusCode).toBe(403);
  });
});
