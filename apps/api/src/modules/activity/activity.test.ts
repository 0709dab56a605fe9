import { describe, expect, it } from "vitest";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";
import { activityLog } from "../../db/schema/index.ts";
import { alerts as alertOf, notifyAdmins } from "./notifications.repository.ts";

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

describe("audit trail", () => {
  const from = (remoteAddress: string, token: string | null = t.token) => ({
    remoteAddress,
    headers: token ? bearer(token) : {},
  });

  it("records a write's address and the fields before and after, never a password or its hash", async () => {
    const before = t.user.username;
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/v1/auth/profile",
      payload: { username: "Audited Admin" },
      ...from("203.0.113.7"),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [edit] = (await call("GET", `/activity?action=user.profile&entityId=${t.user.id}`)).json().data;
    expect(edit).toMatchObject({
      actorId: t.user.id,
      actorEmail: t.user.email,
      ip: "203.0.113.7",
      before: { username: before },
      after: { username: "Audited Admin" },
    });
    // Only the changed fields: the e-mail did not change.
    expect(edit.before).not.toHaveProperty("email");

    const password = await buildUser(t.database.db);
    const token = await login(t.app, password.email);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/change-password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a new long secret" },
      ...from("198.51.100.4", token),
    });
    expect(change.statusCode, change.body).toBe(200);
    const res = await call("GET", `/activity?action=auth.password_changed&entityId=${password.id}`);
    const [changed] = res.json().data;
    expect(changed.ip).toBe("198.51.100.4");
    expect(changed.before.passwordHash).toBe("[redacted]");
    expect(changed.after.passwordHash).toBe("[redacted]");
    expect(changed.after.passwordChangedAt).toEqual(expect.any(String));
    expect(res.body).not.toContain(password.passwordHash!);
    expect(res.body).not.toContain("scrypt");
  });

  it("records a user's edit, trash and purge with the fields before and after, the hash redacted", async () => {
    const user = await buildUser(t.database.db);
    expect((await call("PUT", `/user/setting/${user.id}`, { username: "renamed-user" })).statusCode).toBe(
      200,
    );
    const [edit] = (await call("GET", `/activity?action=user.update&entityId=${user.id}`)).json().data;
    expect(edit.before).toMatchObject({ username: user.username });
    expect(edit.after).toMatchObject({ username: "renamed-user" });
    expect(Object.keys(edit.after)).not.toContain("email");
    expect((await call("POST", "/delete", { id: user.id })).statusCode).toBe(200);
    const [trashed] = (await call("GET", `/activity?action=user.trash&entityId=${user.id}`)).json().data;
    expect(trashed).toMatchObject({ before: { deletedBy: null }, after: { deletedBy: t.user.id } });
    const purged = await call("POST", "/trash/bulk", { action: "purge", ids: [user.id] });
    expect(purged.json().data.done).toBe(1);
    const res = await call("GET", `/activity?action=user.purge&entityId=${user.id}`);
    const [gone] = res.json().data;
    expect(gone).toMatchObject({ before: { email: user.email, passwordHash: "[redacted]" }, after: null });
    expect(res.body).not.toContain(user.passwordHash!);
  });

  it("records sign-ins and failed sign-ins with the address, never the password tried", async () => {
    const user = await buildUser(t.database.db);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: user.email, password: "not-the-password-1" },
      remoteAddress: "192.0.2.9",
    });
    expect(wrong.statusCode).toBe(401);
    const failed = (await call("GET", `/activity?action=auth.sign_in_failed&entityId=${user.id}`)).json();
    expect(failed.meta.total).toBe(1);
    expect(failed.data[0]).toMatchObject({
      actorId: null,
      ip: "192.0.2.9",
      entityType: "user",
      details: { email: user.email },
    });
    expect(JSON.stringify(failed)).not.toContain("not-the-password-1");
    await login(t.app, user.email);
    const signIns = (await call("GET", `/activity?action=auth.sign_in&actor=${user.id}`)).json();
    expect(signIns.data[0]).toMatchObject({ actorEmail: user.email, entityId: user.id, ip: "127.0.0.1" });
  });

  it("filters by actor, action, target and time; refuses an action outside the vocabulary", async () => {
    const icon = await uploadFixture(t.app, t.token, "cover.png");
    const first = (await call("POST", "/interest", { name: "Audit A", icon, position: 7 })).json().data;
    const second = (await call("POST", "/interest", { name: "Audit B", icon, position: 8 })).json().data;
    await call("PUT", `/interest/${first._id}`, { position: 9 });
    const target = (await call("GET", `/activity?entityId=${first._id}`)).json();
    expect(target.data.map((e: { action: string }) => e.action)).toEqual([
      "interest.update",
      "interest.create",
    ]);
    expect(target.data[0]).toMatchObject({ before: { position: 7 }, after: { position: 9 } });
    expect(target.data[1]).toMatchObject({ before: null, after: { name: "Audit A", position: 7 } });
    const created = (await call("GET", `/activity?action=interest.create&entityId=${second._id}`)).json();
    expect(created.meta.total).toBe(1);

    const at = Date.parse(target.data[0].time_created);
    const span = (fromMs: number, toMs: number) =>
      `from=${encodeURIComponent(new Date(fromMs).toISOString())}&to=${encodeURIComponent(new Date(toMs).toISOString())}`;
    const inSpan = (await call("GET", `/activity?entityId=${first._id}&${span(at, at + 1)}`)).json();
    expect(inSpan.data.map((e: { action: string }) => e.action)).toEqual(["interest.update"]);
    const later = (
      await call("GET", `/activity?actor=${t.user.id}&${span(Date.now() + 60_000, Date.now() + 120_000)}`)
    ).json();
    expect(later.meta.total).toBe(0);

    const bad = await call("GET", "/activity?action=user.hack");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/action/);
    expect((await call("GET", "/activity?from=yesterday")).json().message).toMatch(/from/);
    const yearZero = await call("GET", `/activity?to=${encodeURIComponent("0001-01-01T00:00:00+05:00")}`);
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().message).toMatch(/to/);
  });

  it("exports the filtered log as CSV, streamed, and records the export", async () => {
    const icon = await uploadFixture(t.app, t.token, "cover.png");
    const made = (await call("POST", "/interest", { name: '=Export, "quoted"', icon, position: 3 })).json()
      .data;
    await call("PUT", `/interest/${made._id}`, { position: 4 });
    const res = await call("GET", `/activity/export?entityId=${made._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,actor_email,actor_id,action,record_type,record_id,ip,details,before,after");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,interest.update,interest,${made._id},127.0.0.1,`);
    expect(lines[2]).toContain(",interest.create,");
    // Cells with commas and quotes are quoted, their quotes doubled.
    expect(lines[2]).toContain(`""name"":""=Export, \\""quoted\\""""`);
    const exports = (await call("GET", "/activity?action=activity.export")).json();
    expect(exports.data[0]).toMatchObject({
      actorId: t.user.id,
      details: { filter: { entityId: made._id } },
    });

    // Larger than a batch: every matching entry, in order.
    const many = Array.from({ length: 1203 }, (_, n) => ({
      action: "support_message.read",
      entityType: "support_message",
      entityId: "bulk",
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, n)),
    }));
    await t.database.db.insert(activityLog).values(many);
    const bulk = await call("GET", "/activity/export?entityId=bulk");
    expect(bulk.body.trimEnd().split("\r\n")).toHaveLength(1204);

    const listener = await buildUser(t.database.db);
    expect(
      (await call("GET", "/activity/export", undefined, await login(t.app, listener.email))).statusCode,
    ).toBe(403);
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

  it("an editor sees, counts and marks read only the review queue's alerts", async () => {
    await call("POST", "/notifications/read", {});
    await notifyAdmins(t.database.db, alertOf.hostRequest("00000000-0000-4000-8000-000000000001", "asker"));
    await notifyAdmins(
      t.database.db,
      alertOf.contentSubmission("00000000-0000-4000-8000-000000000002", {
        title: "Evening Breath",
        email: "host@example.com",
        again: false,
      }),
    );
    const editor = await login(t.app, (await buildUser(t.database.db, { role: "editor" })).email);

    const seen = (await call("GET", "/notifications", undefined, editor)).json();
    expect(seen.data.map((n: { kind: string }) => n.kind)).toEqual(["content_submission"]);
    expect(seen.meta.unread).toBe(1);
    expect(seen.meta.unreadByKind).toMatchObject({ content_submission: 1, host_request: 0 });
    const asked = (await call("GET", "/notifications?kind=host_request", undefined, editor)).json();
    expect(asked.data).toEqual([]);
    expect(asked.meta.unread).toBe(0);

    // "Mark all read" from the editor's bell leaves the admin's other alerts unread.
    expect((await call("POST", "/notifications/read", {}, editor)).statusCode).toBe(200);
    const admins = (await call("GET", "/notifications")).json();
    expect(admins.meta.unreadByKind).toMatchObject({ content_submission: 0, host_request: 1 });
    const hostAlert = admins.data.find((n: { kind: string }) => n.kind === "host_request");
    await call("POST", "/notifications/read", { ids: [hostAlert._id] }, editor);
    expect((await call("GET", "/notifications")).json().meta.unread).toBe(1);
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
