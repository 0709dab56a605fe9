import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

let t: TestApp;
let token: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.database.db, { role: "admin" });
  adminId = admin.id;
  token = await login(t.app, admin.email);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url: `/api/v1/user${url}`, payload, headers: bearer(as) });

describe("activity log", () => {
  it("records every admin write with who, what, which record and when, newest first, filterable", async () => {
    const icon = await uploadFixture(t.app, token, "cover.png");
    const interest = (await call("POST", "/interest", { name: "Focus", icon, position: 1 })).json().data;
    await call("PUT", `/interest/${interest._id}`, { position: 2 });
    await call("POST", "/app-version", { device: "ios", v_code: "3", v_name: "1.0.0" });

    const all = (await call("GET", "/activity")).json().data;
    expect(all.data.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      "app_version.publish",
      "interest.update",
      "interest.create",
    ]);
    expect(all.data[1]).toMatchObject({ actorId: adminId, entityType: "interest", entityId: interest._id });
    const interestsOnly = (await call("GET", "/activity?entityType=interest")).json().data.data;
    expect(interestsOnly.every((e: { entityType: string }) => e.entityType === "interest")).toBe(true);
    expect((await call("GET", "/activity?action=interest.create")).json().data.meta.total).toBe(1);
    expect((await call("GET", `/activity?actor=${adminId}`)).json().data.meta.total).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe("notifications", () => {
  it("lists alerts with the unread count and marks them read", async () => {
    const requester = await buildUser(t.database.db);
    await call(
      "POST",
      "/host-request",
      { reason: "Sharing my evening meditations" },
      await login(t.app, requester.email),
    );
    const list = (await call("GET", "/notifications")).json().data;
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({ kind: "host_request", title: "New host request", read: false });
    await call("POST", "/notifications/read", { ids: [list.data[0]._id] });
    const after = (await call("GET", "/notifications")).json().data;
    expect(after.unread).toBe(0);
    expect(after.data[0].read).toBe(true);
    expect((await call("POST", "/notifications/read", { ids: ["nope"] })).statusCode).toBe(400);
  });
});

describe("own profile", () => {
  it("edits username, last name and picture (removing the old one)", async () => {
    const image = await uploadFixture(t.app, token, "cover.png");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      headers: bearer(token),
      payload: { username: "Head of Calm", lastName: "Ng", image },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ username: "Head of Calm", lastName: "Ng", image });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      headers: bearer(token),
      payload: { username: "x" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
