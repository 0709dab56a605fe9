import { describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;

describe("activity log", () => {
  it("records every admin write with who, what, which record and when, newest first, filterable", async () => {
    const icon = await uploadFixture(t.app, t.token, "cover.png");
    const interest = (await call("POST", "/interest", { name: "Focus", icon, position: 1 })).json().data;
    await call("PUT", `/interest/${interest._id}`, { position: 2 });
    await call("POST", "/app-version", { device: "ios", v_code: "3", v_name: "1.0.0" });

    const all = (await call("GET", "/activity")).json();
    expect(all.data.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      "app_version.publish",
      "interest.update",
      "interest.create",
    ]);
    expect(all.data[1]).toMatchObject({ actorId: t.user.id, entityType: "interest", entityId: interest._id });
    const interestsOnly = (await call("GET", "/activity?entityType=interest")).json().data;
    expect(interestsOnly.every((e: { entityType: string }) => e.entityType === "interest")).toBe(true);
    expect((await call("GET", "/activity?action=interest.create")).json().meta.total).toBe(1);
    expect((await call("GET", `/activity?actor=${t.user.id}`)).json().meta.total).toBeGreaterThanOrEqual(3);
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
    const list = (await call("GET", "/notifications")).json();
    expect(list.meta.unread).toBe(1);
    expect(list.meta.unreadByKind).toEqual({
      host_request: 1,
      support_message: 0,
      purchase: 0,
      deletion_request: 0,
      content_submission: 0,
    });
    expect(list.data[0]).toMatchObject({ kind: "host_request", title: "New host request", read: false });
    await call("POST", "/notifications/read", { ids: [list.data[0]._id] });
    const after = (await call("GET", "/notifications")).json();
    expect(after.meta.unread).toBe(0);
    expect(after.data[0].read).toBe(true);
    expect((await call("POST", "/notifications/read", { ids: ["nope"] })).statusCode).toBe(400);
  });

  it("lists and counts only the asked kinds, and marks a whole kind read", async () => {
    await call("POST", "/notifications/read", {});
    const supportForm = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/user/support",
        payload: {
          fullName: "Ada Lovelace",
          email: `ada${n}@example.com`,
          subject: `Question ${n}`,
          message: "How do I change my reminder time?",
        },
      });
    for (const n of [1, 2, 3]) expect((await supportForm(n)).statusCode).toBe(200);
    const requester = await buildUser(t.database.db);
    await call("POST", "/host-request", { reason: "I teach breathing" }, await login(t.app, requester.email));

    // More support messages than the page holds: the count still covers them all.
    const messages = (await call("GET", "/notifications?kind=support_message&limit=2")).json();
    expect(messages.data).toHaveLength(2);
    expect(messages.data.every((n: { kind: string }) => n.kind === "support_message")).toBe(true);
    expect(messages.meta.unread).toBe(3);
    expect(messages.meta.unreadByKind).toMatchObject({ support_message: 3, host_request: 0 });

    const alerts = (await call("GET", "/notifications?kind=host_request,purchase,deletion_request")).json();
    expect(alerts.data.length).toBeGreaterThan(0);
    expect(alerts.data.every((n: { kind: string }) => n.kind === "host_request")).toBe(true);
    expect(alerts.data[0]).toMatchObject({
      body: `${requester.username} asked to become a host`,
      read: false,
    });
    expect(alerts.meta.unread).toBe(1);

    expect((await call("POST", "/notifications/read", { kinds: ["support_message"] })).statusCode).toBe(200);
    const everything = (await call("GET", "/notifications")).json();
    expect(everything.meta.unreadByKind).toEqual({
      host_request: 1,
      support_message: 0,
      purchase: 0,
      deletion_request: 0,
      content_submission: 0,
    });

    const bad = await call("GET", "/notifications?kind=host_request,spam");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/kind must be a comma-separated list/);
    expect((await call("POST", "/notifications/read", { kinds: ["spam"] })).statusCode).toBe(400);
  });
});

describe("own profile", () => {
  it("edits username, last name and picture (removing the old one)", async () => {
    const image = await uploadFixture(t.app, t.token, "cover.png");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      headers: bearer(t.token),
      payload: { username: "Head of Calm", lastName: "Ng", image },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ username: "Head of Calm", lastName: "Ng", image });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      headers: bearer(t.token),
      payload: { username: "x" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
