import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, userMessages, users } from "../../db/schema/index.ts";
import { buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";

/** The users list's sort and filters, and its bulk actions (issue 22, section 2). */
const t = useTestApp({ as: "admin" });

/** A marker in every name of this file's users, so a search finds them alone. */
const TAG = "powertools";
let ana: { id: string; email: string };
let bo: { id: string; email: string };
let cy: { id: string; email: string };

beforeAll(async () => {
  const db = t.database.db;
  ana = await buildUser(db, {
    username: `${TAG}-ana`,
    email: `ana.${TAG}@example.test`,
    mood: "happy",
    status: "paid",
    timeCreated: new Date("2026-01-10T12:00:00Z"),
  });
  bo = await buildUser(db, {
    username: `${TAG}-bo`,
    email: `bo.${TAG}@example.test`,
    mood: "sad",
    role: "host",
    timeCreated: new Date("2026-02-10T12:00:00Z"),
  });
  cy = await buildUser(db, {
    username: `${TAG}-cy`,
    email: `cy.${TAG}@example.test`,
    mood: "happy",
    timeCreated: new Date("2026-03-10T12:00:00Z"),
  });
});

const names = (body: { data: { username: string }[] }) => body.data.map((u) => u.username);

describe("GET /users: sort and filters", () => {
  it("sorts by a column both ways, and by the older names", async () => {
    const asc = await t.call("GET", `/users?q=${TAG}&sort=username`);
    expect(asc.statusCode, asc.body).toBe(200);
    expect(names(asc.json())).toEqual([`${TAG}-ana`, `${TAG}-bo`, `${TAG}-cy`]);

    const desc = await t.call("GET", `/users?q=${TAG}&sort=email&direction=desc`);
    expect(names(desc.json())).toEqual([`${TAG}-cy`, `${TAG}-bo`, `${TAG}-ana`]);

    const oldest = await t.call("GET", `/users?q=${TAG}&sort=oldest`);
    expect(names(oldest.json())).toEqual([`${TAG}-ana`, `${TAG}-bo`, `${TAG}-cy`]);
    const created = await t.call("GET", `/users?q=${TAG}&sort=created`);
    expect(names(created.json())).toEqual([`${TAG}-cy`, `${TAG}-bo`, `${TAG}-ana`]);
  });

  it("filters by role, subscription, mood and the sign-up days, with the total of the match", async () => {
    const hosts = await t.call("GET", `/users?q=${TAG}&role=host`);
    expect(names(hosts.json())).toEqual([`${TAG}-bo`]);

    const paid = await t.call("GET", `/users?subscription=paid`);
    expect(names(paid.json())).toEqual([`${TAG}-ana`]);
    expect(paid.json().meta.total).toBe(1);

    const happy = await t.call("GET", `/users?q=${TAG}&mood=happy&sort=username`);
    expect(names(happy.json())).toEqual([`${TAG}-ana`, `${TAG}-cy`]);

    const between = await t.call("GET", `/users?from=2026-02-01&to=2026-03-10`);
    expect(names(between.json())).toEqual([`${TAG}-cy`, `${TAG}-bo`]);
    expect(between.json().meta.total).toBe(2);
  });

  it("keeps the spec's call without parameters: the first page, newest first", async () => {
    const res = await t.call("GET", "/users");
    expect(res.statusCode).toBe(200);
    const times = (res.json().data as { time_created: string }[]).map((u) => u.time_created);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ["sort=password", "sort"],
    ["sort=username&direction=up", "direction"],
    ["role=owner", "role"],
    ["subscription=gold", "subscription"],
    ["mood=bored", "mood"],
    ["from=2026-13-01", "from"],
    // Year 0000 is a well-formed day PostgreSQL refuses (found by the fuzzer as a 500).
    ["to=0000-09-01", "to"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const res = await t.call("GET", `/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe("POST /users/bulk", () => {
  const entries = (action: string, ids: string[]) =>
    t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), inArray(activityLog.entityId, ids)));

  it("sends one message to each picked user: in the inbox, one activity entry each", async () => {
    const res = await t.call("POST", "/users/bulk", {
      action: "message",
      ids: [ana.id, cy.id],
      title: "Hello",
      message: "A new series is out.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ done: 2, ids: expect.arrayContaining([ana.id, cy.id]), failed: [] });
    const inbox = await t.database.db
      .select()
      .from(userMessages)
      .where(
        and(inArray(userMessages.userId, [ana.id, cy.id]), eq(userMessages.body, "A new series is out.")),
      );
    expect(inbox).toHaveLength(2);
    expect(await entries("user.message", [ana.id, cy.id])).toHaveLength(2);
  });

  it("makes every user matching a filter a host, reporting the one already a host", async () => {
    const res = await t.call("POST", "/users/bulk", { action: "make_host", filter: { q: TAG } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(2);
    expect(res.json().data.failed).toEqual([{ id: bo.id, name: bo.email, message: "Already a host" }]);
    expect(res.json().message).toBe("2 users made hosts; 1 user could not be");
    const rows = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(inArray(users.id, [ana.id, bo.id, cy.id]));
    expect(rows.map((r) => r.role)).toEqual(["host", "host", "host"]);
    expect(await entries("user.make_host", [ana.id, cy.id])).toHaveLength(2);
  });

  it("deletes the picked users but never the caller's own account, which is reported", async () => {
    const doomed = [await buildUser(t.database.db), await buildUser(t.database.db)];
    const ids = doomed.map((u) => u.id);
    const res = await t.call("POST", "/users/bulk", { action: "delete", ids: [...ids, t.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(2);
    expect(res.json().data.failed).toEqual([
      { id: t.user.id, name: t.user.email, message: expect.stringContaining("your own account") },
    ]);
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deletedAt))),
    ).toHaveLength(0);
    expect(await entries("user.trash", ids)).toHaveLength(2);
    expect(await t.database.db.select().from(users).where(eq(users.id, t.user.id))).toHaveLength(1);
  });

  it("reports an id that names no user", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    const res = await t.call("POST", "/users/bulk", { action: "make_host", ids: [gone] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      done: 0,
      ids: [],
      failed: [{ id: gone, name: gone, message: expect.any(String) }],
    });
  });

  it.each([
    [{ action: "delete" }, "ids"],
    [{ action: "delete", ids: [], filter: {} }, "ids"],
    [{ action: "promote", ids: ["00000000-0000-4000-8000-000000000000"] }, "action"],
    [{ action: "message", ids: ["00000000-0000-4000-8000-000000000000"] }, "message"],
    [{ action: "delete", filter: { role: "owner" } }, "filter.role"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await t.call("POST", "/users/bulk", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("is refused to anonymous callers and to app users", async () => {
    const payload = { action: "make_host", ids: [cy.id] };
    expect((await t.call("POST", "/users/bulk", payload, null)).statusCode).toBe(401);
    const listener = await buildUser(t.database.db);
    const token = await login(t.app, listener.email);
    expect((await t.call("POST", "/users/bulk", payload, token)).statusCode).toBe(403);
  });
});
