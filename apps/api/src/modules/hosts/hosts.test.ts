import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, userMessages, users } from "../../db/schema/index.ts";
import { buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;

async function requestHosting(lastName = "Rivers") {
  const user = await buildUser(t.database.db);
  const userToken = await login(t.app, user.email);
  const res = await call(
    "POST",
    "/host-request",
    { reason: "I teach breathing classes every week", lastName },
    userToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { user, userToken, request: res.json().data };
}

describe("host requests", () => {
  it("an app user asks once; admins are alerted and see it in the pending list", async () => {
    const { user, userToken, request } = await requestHosting();
    expect(request).toMatchObject({
      userID: user.id,
      email: user.email,
      lastName: "Rivers",
      state: "pending",
    });
    const again = await call("POST", "/host-request", { reason: "Please, I really want to host" }, userToken);
    expect(again.statusCode).toBe(409);
    const alerts = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, request._id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.kind).toBe("host_request");
    const list = (await call("GET", "/host-requests")).json();
    expect(list.data.map((r: { _id: string }) => r._id)).toContain(request._id);
  });

  it("approve gives the host role, records who and when, tells the user; a second decision is refused", async () => {
    const { user, request } = await requestHosting();
    const res = await call("POST", `/host-requests/${request._id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: "approved", decidedBy: t.user.id });
    expect(new Date(res.json().data.decidedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe("host");
    const inbox = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, user.id));
    expect(inbox.map((m) => m.title)).toContain("You are now a host");
    expect((await call("POST", `/host-requests/${request._id}/decline`)).statusCode).toBe(409);
    // Deciding it settles its alert too.
    const [alert] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, request._id));
    expect(alert!.readAt).not.toBeNull();

    const hosts = (await call("GET", "/hosts")).json();
    expect(hosts.data.map((h: { _id: string }) => h._id)).toContain(user.id);
    // The spec's client loads each host's profile with /single/{userID}.
    expect(hosts.data.find((h: { _id: string }) => h._id === user.id)).toMatchObject({
      id: user.id,
      userID: user.id,
    });
    expect(hosts.meta.total).toBeGreaterThanOrEqual(1);
  });

  it("decline keeps the role, records the decision and tells the user; its alert turns read", async () => {
    const { user, request } = await requestHosting();
    // The top bar's alert (GET /notifications) is unread while the request waits, read once decided.
    const alertOf = async () =>
      (await call("GET", "/notifications?kind=host_request&limit=100"))
        .json()
        .data.find((n: { entityId: string }) => n.entityId === request._id);
    expect((await alertOf()).read).toBe(false);
    const res = await call("POST", `/host-requests/${request._id}/decline`);
    expect((await alertOf()).read).toBe(true);
    expect(res.json().data).toMatchObject({ state: "declined", decidedBy: t.user.id });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe("user");
    const inbox = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, user.id));
    expect(inbox.map((m) => m.title)).toContain("About your host request");
    const declined = (await call("GET", "/host-requests?state=declined")).json().data;
    expect(declined.map((r: { _id: string }) => r._id)).toContain(request._id);
  });

  it("the user reads their own request: pending, then declined with the admin's reason (also in the inbox)", async () => {
    const user = await buildUser(t.database.db);
    const userToken = await login(t.app, user.email);
    const never = await call("GET", "/host-request", undefined, userToken);
    expect(never.statusCode, never.body).toBe(200);
    expect(never.json().data).toBeNull();
    await call("POST", "/host-request", { reason: "I teach breathing classes every week" }, userToken);
    const asked = (await call("GET", "/host-request", undefined, userToken)).json().data;
    expect(asked).toMatchObject({ state: "pending", decisionReason: null });

    const approveWithReason = await call("POST", `/host-requests/${asked._id}/approve`, {
      reason: "Welcome",
    });
    expect(approveWithReason.statusCode).toBe(400);
    expect(approveWithReason.json().errors[0].field).toBe("reason");
    const tooLong = await call("POST", `/host-requests/${asked._id}/decline`, { reason: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].field).toBe("reason");
    const reason = "Please add a short sample of your voice to your profile first.";
    const declined = await call("POST", `/host-requests/${asked._id}/decline`, { reason });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ state: "declined", decisionReason: reason });
    const own = (await call("GET", "/host-request", undefined, userToken)).json().data;
    expect(own).toMatchObject({ _id: asked._id, state: "declined", decisionReason: reason });
    const [message] = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, user.id));
    expect(message!.body).toContain(`The reason: ${reason}`);

    // Asked again after the decline: the latest request is the one shown.
    await call("POST", "/host-request", { reason: "I added a sample of my voice" }, userToken);
    const again = (await call("GET", "/host-request", undefined, userToken)).json().data;
    expect(again).toMatchObject({ state: "pending", decisionReason: null });
    expect(again._id).not.toBe(asked._id);
  });

  it("404 for unknown requests, 400 for bad ids and short reasons", async () => {
    expect(
      (await call("POST", "/host-requests/00000000-0000-4000-8000-000000000000/approve")).statusCode,
    ).toBe(404);
    expect((await call("POST", "/host-requests/xyz/approve")).statusCode).toBe(400);
    const user = await buildUser(t.database.db);
    const short = await call("POST", "/host-request", { reason: "pls" }, await login(t.app, user.email));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe("reason");
  });
});
