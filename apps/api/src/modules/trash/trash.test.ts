import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, resources, sessions, subscriptionCodes, users } from "../../db/schema/index.ts";
import { buildUser, bearer, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";
import { buyCodes } from "../../test-support/purchases.ts";

const DAY_MS = 24 * 3600_000;
let now = new Date();
let t: TestApp;
let admin: { id: string; email: string };
let adminToken: string;
let listener: { id: string; email: string };
let listenerToken: string;
let host: { id: string; email: string };
let hostToken: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await buildUser(t.database.db, { role: "admin" });
  adminToken = await login(t.app, admin.email);
  listener = await buildUser(t.database.db);
  listenerToken = await login(t.app, listener.email);
  host = await buildUser(t.database.db, { role: "host" });
  hostToken = await login(t.app, host.email);
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  token: string | null = adminToken,
) =>
  t.app.inject({
    method,
    url: url.startsWith("/api/") ? url : `/api/v1/user${url}`,
    payload,
    headers: token ? bearer(token) : {},
  });
const fileOf = (url: string) => path.join(t.config.media.dir, new URL(url).pathname.replace("/media/", ""));

async function hostContent(title: string) {
  const res = await call("POST", "/resources", {
    title,
    moodType: "happy",
    userID: host.id,
    paymentType: "free",
    image: await uploadFixture(t.app, adminToken, "cover.jpg"),
    resourceUrl: await uploadFixture(t.app, adminToken, "tone.mp3"),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; title: string; image: string; resourceUrl: string };
}

async function newListener(username: string) {
  const user = await buildUser(t.database.db, { username });
  return { user, token: await login(t.app, user.email) };
}

const trashIds = async (q?: string) =>
  ((await call("GET", `/trash${q ? `?q=${q}` : ""}`)).json().data as { id: string }[]).map((i) => i.id);

describe("a trashed content is hidden everywhere", () => {
  it("from the admin list and look-up, the app's catalogue, stream links and the host's own list; restore brings it back", async () => {
    const content = await hostContent("Trash me softly");
    const id = content._id;
    const visible = async () => ({
      adminGet: (await call("GET", `/resources/${id}`)).statusCode,
      adminList: (await call("GET", "/resources?q=trash%20me")).json().data.length,
      appGet: (await call("GET", `/api/v1/app/resources/${id}`, undefined, listenerToken)).statusCode,
      appList: (
        await call("GET", "/api/v1/app/resources?q=trash%20me%20softly", undefined, listenerToken)
      ).body.includes(id),
      stream: (await call("POST", `/api/v1/app/resources/${id}/stream`, {}, listenerToken)).statusCode,
      hostOwn: (await call("GET", "/api/v1/app/host/resources", undefined, hostToken)).body.includes(id),
    });
    const total = async () => (await call("GET", "/resources?limit=1")).json().meta.total as number;
    const dashboardCount = async () =>
      (await call("GET", "/dashboard-stats")).json().data.resources as number;
    // The listener favourites it and starts listening (so it is in their history too).
    expect((await call("PUT", `/api/v1/app/favourites/${id}`, {}, listenerToken)).statusCode).toBe(200);
    const started = await call("POST", `/api/v1/app/resources/${id}/sessions`, {}, listenerToken);
    expect(started.statusCode, started.body).toBe(201);
    const listened = async () => ({
      favourites: (await call("GET", "/api/v1/app/favourites", undefined, listenerToken)).body.includes(id),
      history: (await call("GET", "/api/v1/app/history", undefined, listenerToken)).body.includes(id),
      listen: (await call("POST", `/api/v1/app/resources/${id}/sessions`, {}, listenerToken)).statusCode,
    });
    const listenedBefore = await listened();
    expect(listenedBefore).toEqual({ favourites: true, history: true, listen: 201 });
    const dashboardBefore = await dashboardCount();
    const before = await visible();
    expect(before).toEqual({
      adminGet: 200,
      adminList: 1,
      appGet: 200,
      appList: true,
      stream: 200,
      hostOwn: true,
    });
    const totalBefore = await total();

    const res = await call("POST", "/resources/delete", { id });
    expect(res.json()).toEqual({ status: true, message: "Content Deleted" });
    expect(await visible()).toEqual({
      adminGet: 404,
      adminList: 0,
      appGet: 404,
      appList: false,
      stream: 404,
      hostOwn: false,
    });
    expect(await total()).toBe(totalBefore - 1);
    expect(await dashboardCount()).toBe(dashboardBefore - 1);
    expect(await listened()).toEqual({ favourites: false, history: false, listen: 404 });
    const listed = (await call("GET", "/trash?kind=content")).json();
    expect(listed.data).toContainEqual(
      expect.objectContaining({
        id,
        kind: "content",
        name: "Trash me softly",
        email: host.email,
        deletedBy: { id: admin.id, email: admin.email },
      }),
    );
    const item = listed.data.find((i: { id: string }) => i.id === id);
    expect(new Date(item.purgeAt).getTime() - new Date(item.deletedAt).getTime()).toBe(30 * DAY_MS);

    const restored = await call("POST", "/trash/bulk", { action: "restore", ids: [id] });
    expect(restored.json()).toMatchObject({
      message: "1 content restored",
      data: { done: 1, ids: [id], failed: [] },
    });
    expect(await visible()).toEqual(before);
    expect(await total()).toBe(totalBefore);
    expect(await dashboardCount()).toBe(dashboardBefore);
    expect(await listened()).toEqual(listenedBefore);
    expect((await call("GET", `/resources/${id}`)).json().data).toMatchObject({
      title: "Trash me softly",
      userID: host.id,
    });
    const actions = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["resource.trash", "resource.restore"]),
    );
  });
});

describe("a trashed user is hidden everywhere", () => {
  it("sessions ended, sign-in refused as unknown, the address still taken, out of lists; restore brings them back", async () => {
    const { user, token } = await newListener("trashy-listener");
    const visible = async () => ({
      single: (await call("GET", `/single/${user.id}`)).statusCode,
      list: (await call("GET", "/users?q=trashy-listener")).json().data.length,
    });
    const totals = async () => (await call("GET", "/users?limit=1")).json().meta.total as number;
    expect(await visible()).toEqual({ single: 200, list: 1 });
    const totalBefore = await totals();

    const res = await call("POST", "/delete", { id: user.id });
    expect(res.json()).toEqual({ status: true, message: "User Deleted" });
    expect(await visible()).toEqual({ single: 404, list: 0 });
    expect(await totals()).toBe(totalBefore - 1);
    expect((await call("GET", "/api/v1/auth/me", undefined, token)).statusCode).toBe(401);
    const signIn = await call(
      "POST",
      "/api/v1/auth/login",
      { email: user.email, password: TEST_PASSWORD },
      null,
    );
    const unknown = await call(
      "POST",
      "/api/v1/auth/login",
      { email: "nobody-here@example.com", password: TEST_PASSWORD },
      null,
    );
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(unknown.json().message);
    const signUp = await call(
      "POST",
      "/api/v1/auth/signup",
      { email: user.email, username: "again", password: "another-long-password", ageConfirmed: true },
      null,
    );
    expect(signUp.statusCode).toBe(409);
    expect(await trashIds("trashy-listener")).toEqual([user.id]);

    const restored = await call("POST", "/trash/bulk", { action: "restore", ids: [user.id] });
    // Said as the delete said it: "1 user restored" (as "3 users deleted" / "3 users restored").
    expect(restored.json()).toMatchObject({ message: "1 user restored", data: { done: 1, failed: [] } });
    expect(await visible()).toEqual({ single: 200, list: 1 });
    expect(await totals()).toBe(totalBefore);
    // Sessions stay ended; the listener signs in again with their own password.
    expect((await call("GET", "/api/v1/auth/me", undefined, token)).statusCode).toBe(401);
    await login(t.app, user.email);
    expect(await trashIds("trashy-listener")).toEqual([]);
  });

  it("a trashed host leaves the hosts list until restored", async () => {
    const trashedHost = await buildUser(t.database.db, { role: "host", username: "hidden-host" });
    const listed = async () => (await call("GET", "/hosts?limit=100")).body.includes(trashedHost.id);
    expect(await listed()).toBe(true);
    await call("POST", "/users", { id: trashedHost.id });
    expect(await listed()).toBe(false);
    await call("POST", "/trash/bulk", { action: "restore", ids: [trashedHost.id] });
    expect(await listed()).toBe(true);
  });

  it("the bulk delete trashes too; an admin never trashes themselves", async () => {
    const { user } = await newListener("bulk-trashed");
    const res = await call("POST", "/users/bulk", { action: "delete", ids: [user.id, admin.id] });
    expect(res.json().data).toMatchObject({ done: 1, ids: [user.id], failed: [{ id: admin.id }] });
    expect(await trashIds("bulk-trashed")).toEqual([user.id]);
    expect((await call("GET", `/single/${admin.id}`)).statusCode).toBe(200);
  });
});

describe("the purge", () => {
  it("deletes for real what has been in the trash 30 days (rows, files, activity), not what is younger", async () => {
    now = new Date();
    const old = await hostContent("Old trash");
    const { user } = await newListener("old-trash-user");
    await call("POST", "/resources/bulk", { action: "delete", ids: [old._id] });
    await call("POST", "/delete", { id: user.id });
    now = new Date(Date.now() + 29 * DAY_MS);
    const young = await hostContent("Young trash");
    await t.database.db.update(resources).set({ deletedAt: now }).where(eq(resources.id, young._id));

    expect((await t.app.jobs.runOnce()).trashPurged).toBe(0);
    now = new Date(Date.now() + 31 * DAY_MS);
    // The two above, and what earlier tests trashed (also more than 30 days ago by now).
    expect((await t.app.jobs.runOnce()).trashPurged).toBeGreaterThanOrEqual(2);
    expect(await t.database.db.select().from(resources).where(eq(resources.id, old._id))).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(fs.existsSync(fileOf(old.image))).toBe(false);
    expect(fs.existsSync(fileOf(old.resourceUrl))).toBe(false);
    expect(await t.database.db.select().from(resources).where(eq(resources.id, young._id))).toHaveLength(1);
    const purged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "resource.purge"));
    expect(purged.map((a) => a.entityId)).toContain(old._id);
    const userPurges = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "user.purge"));
    expect(userPurges.map((a) => a.entityId)).toContain(user.id);
  });

  it("Delete forever purges the picked rows at once, naming the count; an unknown id is reported", async () => {
    const content = await hostContent("Forever gone");
    await call("POST", "/resources/delete", { id: content._id });
    const gone = "00000000-0000-4000-8000-000000000000";
    const res = await call("POST", "/trash/bulk", { action: "purge", ids: [content._id, gone] });
    expect(res.json()).toMatchObject({
      message: "1 item deleted forever; 1 item could not be",
      data: { done: 1, failed: [{ id: gone }] },
    });
    expect(await t.database.db.select().from(resources).where(eq(resources.id, content._id))).toHaveLength(0);
    expect(fs.existsSync(fileOf(content.image))).toBe(false);
  });
});

describe("a trashed listener's business seat", () => {
  it("stays theirs while in the trash (a restore gives it back), and the purge frees it", async () => {
    const { codes } = await buyCodes(t, 5);
    const email = `seat-holder-${Date.now()}@example.com`;
    const signup = await call(
      "POST",
      "/api/v1/auth/signup",
      { email, username: "seat-holder", password: "a-long-password-1", ageConfirmed: true, code: codes[0] },
      null,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const userId = signup.json().data.user._id as string;
    const seatOf = async () => {
      const [seat] = await t.database.db
        .select()
        .from(subscriptionCodes)
        .where(eq(subscriptionCodes.code, codes[0]!));
      return seat;
    };
    const seat = await seatOf();
    expect(seat).toMatchObject({ redeemedBy: userId, freedAt: null });

    now = new Date();
    await call("POST", "/delete", { id: userId });
    expect(await seatOf()).toMatchObject({ redeemedBy: userId, freedAt: null });
    await call("POST", "/trash/bulk", { action: "restore", ids: [userId] });
    expect(await seatOf()).toMatchObject({ redeemedBy: userId, freedAt: null });
    expect((await call("GET", `/single/${userId}`)).json().data).toMatchObject({ email });

    await call("POST", "/delete", { id: userId });
    now = new Date(Date.now() + 31 * DAY_MS);
    await t.app.jobs.runOnce();
    const [freed] = await t.database.db
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.id, seat!.id));
    expect(freed!.freedAt).toBeInstanceOf(Date);
    expect(freed!.redeemedBy).toBeNull();
    expect(await t.database.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
  });
});

describe("a listener's own deletion", () => {
  it("is not trashed: the account is deleted for real at once (privacy)", async () => {
    const { user, token } = await newListener("leaving-for-good");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/app/me",
      payload: { password: TEST_PASSWORD },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await trashIds("leaving-for-good")).toEqual([]);
  });
});

describe("restore all matching", () => {
  it("restores every trashed row the filter matches, and only those", async () => {
    const a = await hostContent("Matchbox one");
    const b = await hostContent("Matchbox two");
    const other = await hostContent("Unrelated");
    await call("POST", "/resources/bulk", { action: "delete", ids: [a._id, b._id, other._id] });
    const res = await call("POST", "/trash/bulk", {
      action: "restore",
      filter: { q: "matchbox", kind: "content" },
    });
    expect(res.json()).toMatchObject({ message: "2 contents restored", data: { done: 2, failed: [] } });
    expect(res.json().data.ids.sort()).toEqual([a._id, b._id].sort());
    expect(await trashIds("unrelated")).toEqual([other._id]);
    expect((await call("GET", `/resources/${a._id}`)).statusCode).toBe(200);
  });
});

describe("an editor's Undo", () => {
  it("restores the contents an editor deleted, never a user nor a content someone else deleted; a purge or a filter is refused", async () => {
    const editor = await buildUser(t.database.db, { role: "editor" });
    const editorToken = await login(t.app, editor.email);
    const content = await hostContent("Editor undo");
    const deleted = await call(
      "POST",
      "/resources/bulk",
      { action: "delete", ids: [content._id] },
      editorToken,
    );
    expect(deleted.json()).toMatchObject({ message: "1 content deleted", data: { ids: [content._id] } });
    const { user } = await newListener("editor-cannot-restore");
    await call("POST", "/delete", { id: user.id });

    const restored = await call(
      "POST",
      "/trash/bulk",
      { action: "restore", ids: [content._id, user.id] },
      editorToken,
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: "1 item restored; 1 item could not be",
      data: { done: 1, ids: [content._id], failed: [{ id: user.id, message: /Not found/ }] },
    });
    expect((await call("GET", `/resources/${content._id}`)).statusCode).toBe(200);
    expect(await trashIds("editor-cannot-restore")).toEqual([user.id]);

    // A content an admin (or another editor) deleted is not this editor's to bring back.
    const others = await hostContent("Deleted by someone else");
    await call("POST", "/resources/bulk", { action: "delete", ids: [others._id] });
    const notTheirs = await call(
      "POST",
      "/trash/bulk",
      { action: "restore", ids: [others._id] },
      editorToken,
    );
    expect(notTheirs.json()).toMatchObject({
      data: { done: 0, failed: [{ id: others._id, message: /Someone else deleted it/ }] },
    });
    expect((await call("GET", `/resources/${others._id}`)).statusCode).toBe(404);

    for (const payload of [
      { action: "purge", ids: [user.id] },
      { action: "restore", filter: { kind: "content" } },
    ]) {
      const refused = await call("POST", "/trash/bulk", payload, editorToken);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json()).toMatchObject({ code: "forbidden", message: /only restore contents/ });
    }
    expect(await trashIds("editor-cannot-restore")).toEqual([user.id]);
    expect((await call("GET", "/trash", undefined, editorToken)).statusCode).toBe(403);
  });
});

describe("access and input", () => {
  it("is refused to anonymous callers and to non-admins", async () => {
    for (const [token, status] of [
      [null, 401],
      [listenerToken, 403],
      [hostToken, 403],
    ] as const) {
      expect((await call("GET", "/trash", undefined, token)).statusCode).toBe(status);
      expect(
        (await call("POST", "/trash/bulk", { action: "restore", ids: [host.id] }, token)).statusCode,
      ).toBe(status);
    }
  });

  it.each([
    [{ action: "undelete", ids: ["00000000-0000-4000-8000-000000000000"] }, "action"],
    [{ action: "restore", ids: [] }, "ids"],
    [{ action: "restore" }, "ids"],
    [{ action: "restore", filter: { kind: "song" } }, "filter.kind"],
    [{ action: "restore", ids: ["nope"] }, "ids.0"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await call("POST", "/trash/bulk", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("refuses sort=size and kind=song with a 400 naming the field", async () => {
    expect((await call("GET", "/trash?sort=size")).json().errors[0].field).toBe("sort");
    expect((await call("GET", "/trash?kind=song")).json().errors[0].field).toBe("kind");
  });
});
