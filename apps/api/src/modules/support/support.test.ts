import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityLog,
  deletionRequests,
  notifications,
  resources,
  sessions,
  supportMessages,
  users,
} from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin", config: { SUPPORT_EMAIL: "help@serene.test" } });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/v1/user${url}`, payload, headers });
const admin = (method: "GET" | "POST", url: string) =>
  t.app.inject({ method, url: `/api/v1/user${url}`, headers: bearer(t.token) });
const outbox = (address: string) => outboxFor(t.config.mail.outboxDir, address);
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

const supportForm = {
  fullName: "Grace Hopper",
  email: "Grace@Example.test",
  subject: "I cannot find my downloads",
  message: "Hello, the sleep stories I downloaded are gone after the update.",
};

describe("GET /site-config", () => {
  it("answers the public settings and the business plan", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/user/site-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: expect.any(String),
      data: {
        supportEmail: "help@serene.test",
        appStoreUrl: "https://apps.apple.com/app/serene",
        playStoreUrl: "https://play.google.com/store/apps/details?id=app.serene",
        demoBookingUrl: "mailto:help@serene.test?subject=Serene%20demo",
        pricePerSeatCents: 4999,
        minSeats: 5,
        maxSeats: 100,
        months: 12,
        paymentMode: "test",
      },
    });
  });
});

describe("POST /support", () => {
  it("stores the message, raises an alert, e-mails the team (reply-to the sender) and acknowledges", async () => {
    const res = await post("/support", supportForm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: expect.stringContaining("grace@example.test"),
    });

    const [stored] = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.email, "grace@example.test"));
    expect(stored).toMatchObject({ fullName: "Grace Hopper", subject: supportForm.subject, readAt: null });

    const [alert] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, stored!.id));
    expect(alert).toMatchObject({ kind: "support_message", title: `Support: ${supportForm.subject}` });
    // The activity log has the sender's address (a request without a session: app.inject's 127.0.0.1).
    const [created] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, stored!.id));
    expect(created).toMatchObject({ action: "support_message.create", actorId: null, ip: "127.0.0.1" });

    const team = await eventually(() => {
      const [m] = outbox("help@serene.test");
      expect(m).toBeTruthy();
      return m!;
    });
    expect(team.subject).toBe(`Support: ${supportForm.subject}`);
    expect(team.replyTo).toBe("Grace Hopper <grace@example.test>");
    expect(team.text).toContain(supportForm.message);
    expect(team.html).toContain("Grace Hopper");
    const ack = await eventually(() => {
      const [m] = outbox("grace@example.test");
      expect(m).toBeTruthy();
      return m!;
    });
    expect(ack.subject).toMatch(/^We received your message \(reference [0-9A-F]{8}\)$/);
    expect(ack.text).not.toContain(supportForm.message);
    expect(ack.html).toContain("<html");
  });

  it("validates each field, naming it", async () => {
    const cases: [object, string][] = [
      [{ ...supportForm, fullName: "" }, "fullName"],
      [{ ...supportForm, fullName: "x".repeat(101) }, "fullName"],
      [{ ...supportForm, email: "not-an-email" }, "email"],
      [{ ...supportForm, subject: " " }, "subject"],
      [{ ...supportForm, subject: "two\nlines" }, "subject"],
      [{ ...supportForm, message: "short" }, "message"],
      [{ ...supportForm, message: "x".repeat(5001) }, "message"],
    ];
    for (const [payload, field] of cases) {
      const res = await post("/support", payload);
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    const missing = await post("/support", {});
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["email", "fullName", "message", "subject"]);
  });

  it("is listed in the back office, newest first, and can be marked read (logged)", async () => {
    await post("/support", { ...supportForm, email: "second@example.test", subject: "Billing question" });
    const list = await admin("GET", "/support-messages?limit=10");
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data[0]).toMatchObject({
      email: "second@example.test",
      subject: "Billing question",
      readAt: null,
    });
    expect(body.meta).toMatchObject({ page: 1, limit: 10 });
    expect(body.meta.unread).toBeGreaterThanOrEqual(2);

    const searched = await admin("GET", "/support-messages?q=billing");
    expect(searched.json().data.map((m: { subject: string }) => m.subject)).toEqual(["Billing question"]);

    const id = body.data[0]._id;
    const read = await admin("POST", `/support-messages/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.readAt).toEqual(expect.any(String));
    const unread = await admin("GET", "/support-messages?state=unread");
    expect(unread.json().data.map((m: { _id: string }) => m._id)).not.toContain(id);
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(log.map((l) => [l.action, l.actorId])).toContainEqual(["support_message.read", t.user.id]);

    const missing = await admin("POST", "/support-messages/00000000-0000-4000-8000-000000000000/read");
    expect(missing.statusCode).toBe(404);
  });

  it("is rate limited per address", async () => {
    const own = await createTestApp({ SUPPORT_REQUESTS_PER_ADDRESS: "2" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/api/v1/user/support",
          payload: supportForm,
        });
        statuses.push(res.statusCode);
        if (i === 2) expect(res.json()).toMatchObject({ status: false, code: "rate_limited" });
      }
      expect(statuses).toEqual([200, 200, 429]);
      // Another address is not affected.
      const other = await own.app.inject({
        method: "POST",
        url: "/api/v1/user/support",
        payload: supportForm,
        remoteAddress: "10.1.2.3",
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("POST /delete-account", () => {
  /** The confirmation link's token from the e-mail to `address`. */
  const confirmationToken = async (address: string) => {
    const mail = await eventually(() => {
      const [m] = outbox(address);
      expect(m).toBeTruthy();
      return m!;
    });
    expect(mail.subject).toBe("Confirm your account deletion request");
    return new URL(
      mail.text.match(/https?:\/\/\S+\/delete-account\/confirm\?token=\S+/)![0],
    ).searchParams.get("token")!;
  };

  it("files nothing and answers the same for every address; only a confirmed link reaches the back office", async () => {
    const user = await buildUser(t.database.db, { email: "leaving@example.test" });
    const known = await post("/delete-account", { email: "Leaving@Example.test", reason: "Too busy" });
    const unknown = await post("/delete-account", { email: "nobody@example.test", reason: "Too busy" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const text = (res: typeof known, email: string) => res.json().message.replace(email, "<email>");
    expect(text(known, "Leaving@Example.test".toLowerCase())).toBe(text(unknown, "nobody@example.test"));
    const filed = () =>
      t.database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, user.id));
    expect(await filed()).toHaveLength(0);

    const token = await confirmationToken("leaving@example.test");
    const confirmed = await post("/delete-account/confirm", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await filed()).toEqual([
      expect.objectContaining({ email: "leaving@example.test", reason: "Too busy", state: "pending" }),
    ]);
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "deletion_request"));
    expect(alerts).toHaveLength(1);
    const dated = await eventually(() => {
      const m = outbox("leaving@example.test").find((x) => x.subject === "Your account deletion request");
      expect(m).toBeTruthy();
      return m!;
    });
    expect(dated.text).toMatch(/will be deleted on \w+ \d+, \d{4}/);
    // The link works once; the address without an account got no e-mail at all.
    expect((await post("/delete-account/confirm", { token })).json()).toMatchObject({
      code: "invalid_token",
    });
    expect(outbox("nobody@example.test")).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.email, "nobody@example.test")),
    ).toHaveLength(0);
  });

  it("a second confirmed request for the same address does not open another one", async () => {
    await buildUser(t.database.db, { email: "twice@example.test" });
    await post("/delete-account", { email: "twice@example.test" });
    await post("/delete-account/confirm", { token: await confirmationToken("twice@example.test") });
    await post("/delete-account", { email: "twice@example.test", reason: "again" });
    const second = await eventually(() => {
      const m = outbox("twice@example.test").filter(
        (x) => x.subject === "Confirm your account deletion request",
      );
      expect(m).toHaveLength(2);
      return m[1]!;
    });
    const token = new URL(
      second.text.match(/https?:\/\/\S+\/delete-account\/confirm\?token=\S+/)![0],
    ).searchParams.get("token")!;
    expect((await post("/delete-account/confirm", { token })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.email, "twice@example.test"));
    expect(rows).toHaveLength(1);
  });

  it("validates the e-mail and the reason's length", async () => {
    expect((await post("/delete-account", { email: "nope" })).statusCode).toBe(400);
    const long = await post("/delete-account", { email: "a@b.test", reason: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe("reason");
  });
});

/** A user with an avatar, a session, a content they uploaded, and a deletion request made `days` ago. */
async function userWithRequest(days: number, lastActiveDaysAgo: number | null) {
  const avatarUrl = await uploadFixture(t.app, t.token, "cover.png");
  const imageKey = new URL(avatarUrl).pathname.replace("/media/", "");
  const user = await buildUser(t.database.db, { imageKey });
  await login(t.app, user.email);
  await t.database.db
    .update(users)
    .set({ lastActiveAt: lastActiveDaysAgo === null ? null : daysAgo(lastActiveDaysAgo) })
    .where(eq(users.id, user.id));
  const [content] = await t.database.db
    .insert(resources)
    .values({ title: `Their content ${user.id}`, mood: "happy", userId: user.id })
    .returning();
  const [request] = await t.database.db
    .insert(deletionRequests)
    .values({ email: user.email, reason: "bye", userId: user.id, createdAt: daysAgo(days) })
    .returning();
  return { user, content: content!, request: request!, avatarFile: path.join(t.config.media.dir, imageKey) };
}

const userExists = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id))).length === 1;

describe("deletion requests in the back office", () => {
  it("lists them with their due date and activity", async () => {
    const { request } = await userWithRequest(10, 20);
    const res = await admin("GET", "/deletion-requests?state=pending&limit=100");
    expect(res.statusCode).toBe(200);
    const listed = res.json().data.find((r: { _id: string }) => r._id === request.id);
    expect(listed).toMatchObject({
      state: "pending",
      userID: request.userId,
      activeSinceRequest: false,
      executedAt: null,
    });
    expect(new Date(listed.dueAt).getTime() - new Date(listed.createdAt).getTime()).toBe(90 * 24 * 3600_000);
  });

  it("execute deletes the account now: user, sessions, avatar; their contents stay without an owner", async () => {
    const { user, content, request, avatarFile } = await userWithRequest(1, 0);
    expect(fs.existsSync(avatarFile)).toBe(true);
    const res = await admin("POST", `/deletion-requests/${request.id}/execute`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: "executed", executedAt: expect.any(String) });
    expect(res.json().data.executedByEmail).toEqual(expect.stringContaining("@example.test"));

    expect(await userExists(user.id)).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(fs.existsSync(avatarFile)).toBe(false);
    const [kept] = await t.database.db.select().from(resources).where(eq(resources.id, content.id));
    expect(kept).toMatchObject({ title: content.title, userId: null });
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, request.id));
    expect(row).toMatchObject({ state: "executed", executedBy: t.user.id });
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, request.id));
    expect(log.map((l) => [l.action, l.actorId])).toContainEqual(["deletion_request.execute", t.user.id]);
    await eventually(() =>
      expect(outbox(user.email).map((m) => m.subject)).toContain("Your Serene account has been deleted"),
    );

    const again = await admin("POST", `/deletion-requests/${request.id}/execute`);
    expect(again.statusCode).toBe(409);
  });

  it("cancel keeps the account", async () => {
    const { user, request } = await userWithRequest(1, 0);
    const res = await admin("POST", `/deletion-requests/${request.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe("cancelled");
    expect(await userExists(user.id)).toBe(true);
    expect((await admin("POST", `/deletion-requests/${request.id}/execute`)).statusCode).toBe(409);
  });
});

describe("the 90-day sweep", () => {
  it("deletes inactive accounts after 90 days, keeps active ones and younger requests", async () => {
    // Other tests' requests are young; only these are due.
    const inactive = await userWithRequest(91, 120);
    const neverSeen = await userWithRequest(95, null);
    const activeSince = await userWithRequest(91, 10);
    const young = await userWithRequest(30, 40);
    const adminRequest = await userWithRequest(100, 200);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, adminRequest.user.id));

    const result = await t.app.jobs.runOnce();
    expect(result.deletionSweep).toMatchObject({ deleted: 2, cancelled: 1, skipped: 1 });

    expect(await userExists(inactive.user.id)).toBe(false);
    expect(fs.existsSync(inactive.avatarFile)).toBe(false);
    expect(await userExists(neverSeen.user.id)).toBe(false);
    expect(await userExists(activeSince.user.id)).toBe(true);
    expect(await userExists(young.user.id)).toBe(true);
    expect(await userExists(adminRequest.user.id)).toBe(true);

    const state = async (id: string) =>
      (await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.id, id)))[0]!;
    expect(await state(inactive.request.id)).toMatchObject({ state: "executed", executedBy: null });
    expect(await state(activeSince.request.id)).toMatchObject({ state: "cancelled" });
    expect(await state(young.request.id)).toMatchObject({ state: "pending" });
    const [kept] = await t.database.db.select().from(resources).where(eq(resources.id, inactive.content.id));
    expect(kept!.userId).toBeNull();

    // Running again changes nothing.
    expect((await t.app.jobs.runOnce()).deletionSweep).toMatchObject({ deleted: 0, cancelled: 0 });
  });

  it("closes a due request whose account no longer exists", async () => {
    const [request] = await t.database.db
      .insert(deletionRequests)
      .values({ email: "gone@example.test", userId: null, createdAt: sql`now() - interval '91 days'` })
      .returning();
    const result = await t.app.jobs.runOnce();
    expect(result.deletionSweep?.closed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, request!.id));
    expect(row!.state).toBe("executed");
  });
});
