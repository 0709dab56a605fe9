import { describe, expect, it } from "vitest";
import { deletionRequests, supportMessages } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

const t = useTestApp({ as: "admin", config: { SUPPORT_EMAIL: "help@serene.test" } });

const call = (method: "GET" | "POST", url: string, payload?: object, token = t.token) =>
  t.app.inject({ method, url: `/api/v1/user${url}`, payload, headers: bearer(token) });

async function message(email: string, subject = "Where are my downloads?") {
  const [row] = await t.database.db
    .insert(supportMessages)
    .values({ fullName: "Ada Lovelace", email, subject, message: "Hello,\nmy downloads are gone." })
    .returning();
  return row!;
}

const activity = async (action: string, entityId: string) =>
  (await call("GET", `/activity?action=${action}&entityId=${entityId}`)).json().data;

describe("support inbox: replies", () => {
  it("e-mails a reply to the sender, keeps it in the thread (newest last) and records it", async () => {
    const m = await message("ada@example.test");
    const first = await call("POST", `/support-messages/${m.id}/replies`, {
      message: "Hello Ada,\n\nthey are back after a restart.",
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call("POST", `/support-messages/${m.id}/replies`, { message: "Anything else?" });
    const thread = second.json().data;
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual([
      "Hello Ada,\n\nthey are back after a restart.",
      "Anything else?",
    ]);
    expect(thread.replies[0].authorEmail).toBe(t.user.email);
    // Replying marks the message read; it stays open.
    expect(thread.readAt).not.toBeNull();
    expect(thread.status).toBe("open");
    expect((await call("GET", `/support-messages/${m.id}`)).json().data.replies).toHaveLength(2);

    const mails = await eventually(() => {
      const found = outboxFor(t.config.mail.outboxDir, "ada@example.test");
      if (found.length < 2) throw new Error("not sent yet");
      return found;
    });
    const mail = mails.find((x) => x.text.includes("they are back after a restart"))!;
    expect(mail.subject).toMatch(/^Re: Where are my downloads\? \(reference [0-9A-F]{8}\)$/);
    expect(mail.text).toContain("> my downloads are gone.");

    const [entry] = await activity("support_message.reply", m.id);
    expect(entry).toMatchObject({
      actorId: t.user.id,
      details: { email: "ada@example.test" },
      before: null,
      after: { reply: "Anything else?" },
    });
  });

  it("the inbox says when a message was replied to (repliedAt: the last reply), null before", async () => {
    const m = await message("grace@example.test", "Replied or not?");
    const listed = async () =>
      (await call("GET", "/support-messages?q=Replied+or+not"))
        .json()
        .data.find((x: { _id: string }) => x._id === m.id);
    expect((await listed()).repliedAt).toBeNull();
    const read = await call("POST", `/support-messages/${m.id}/read`);
    expect(read.json().data.repliedAt).toBeNull();
    const replied = await call("POST", `/support-messages/${m.id}/replies`, { message: "Yes, replied." });
    const at = replied.json().data.replies[0].createdAt;
    expect(replied.json().data.repliedAt).toBe(at);
    expect((await listed()).repliedAt).toBe(at);
    expect((await call("POST", `/support-messages/${m.id}/read`)).json().data.repliedAt).toBe(at);
  });

  it("refuses an empty reply naming the field, and an unknown message", async () => {
    const m = await message("empty@example.test");
    const empty = await call("POST", `/support-messages/${m.id}/replies`, { message: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: "message" });
    const unknown = await call("POST", "/support-messages/00000000-0000-4000-8000-000000000000/replies", {
      message: "Hello",
    });
    expect(unknown.statusCode).toBe(404);
    expect(outboxFor(t.config.mail.outboxDir, "empty@example.test")).toHaveLength(0);
  });
});

describe("support inbox: assign, close and reopen", () => {
  it("assigns to an admin (never an editor, who cannot open the inbox, nor an app user), and unassigns; each recorded before/after", async () => {
    const m = await message("assign@example.test");
    const colleague = await buildUser(t.database.db, { role: "admin", email: "colleague@serene.test" });
    const assigned = await call("POST", `/support-messages/${m.id}/assign`, { assignee: colleague.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      assignedTo: colleague.id,
      assignee: { id: colleague.id, email: "colleague@serene.test" },
    });
    const [entry] = await activity("support_message.assign", m.id);
    expect(entry).toMatchObject({
      details: { assigneeEmail: "colleague@serene.test" },
      before: { assignedTo: null },
      after: { assignedTo: colleague.id },
    });

    for (const role of ["editor", "host", "user"] as const) {
      const other = await buildUser(t.database.db, { role });
      const refused = await call("POST", `/support-messages/${m.id}/assign`, { assignee: other.id });
      expect(refused.statusCode, role).toBe(400);
      expect(refused.json().errors[0], role).toMatchObject({
        field: "assignee",
        message: "assignee: not an admin (only admins open the support inbox)",
      });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call("POST", `/support-messages/${m.id}/assign`, { assignee: unknown })).statusCode).toBe(
      400,
    );
    expect((await call("GET", `/support-messages/${m.id}`)).json().data.assignedTo).toBe(colleague.id);

    const none = await call("POST", `/support-messages/${m.id}/assign`, { assignee: null });
    expect(none.json().data).toMatchObject({ assignedTo: null, assignee: null });
  });

  it("closes and reopens, filters open/closed on the list, and refuses a second close", async () => {
    const m = await message("close@example.test", "Close me please");
    const closed = await call("POST", `/support-messages/${m.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: "closed", closedAt: expect.any(String) });
    expect((await call("POST", `/support-messages/${m.id}/close`)).statusCode).toBe(409);

    const ids = async (state: string) =>
      (await call("GET", `/support-messages?state=${state}&q=close@`))
        .json()
        .data.map((x: { id: string }) => x.id);
    expect(await ids("closed")).toEqual([m.id]);
    expect(await ids("open")).toEqual([]);

    const reopened = await call("POST", `/support-messages/${m.id}/reopen`);
    expect(reopened.json().data).toMatchObject({ status: "open", closedAt: null });
    expect(await ids("open")).toEqual([m.id]);

    expect((await activity("support_message.close", m.id))[0]).toMatchObject({
      before: { status: "open" },
      after: { status: "closed" },
    });
    expect((await activity("support_message.reopen", m.id))[0]).toMatchObject({
      before: { status: "closed" },
      after: { status: "open" },
    });
    expect((await call("GET", "/support-messages?state=shut")).json().errors[0].field).toBe("state");
  });

  it("is for admins only", async () => {
    const m = await message("guard@example.test");
    const listener = await buildUser(t.database.db);
    const token = await login(t.app, listener.email);
    expect((await call("POST", `/support-messages/${m.id}/close`, undefined, token)).statusCode).toBe(403);
    expect((await call("GET", `/support-messages/${m.id}`, undefined, token)).statusCode).toBe(403);
  });
});

describe("activity: the fields before and after", () => {
  it("reading a message records readAt before and after", async () => {
    const m = await message("read@example.test");
    expect((await call("POST", `/support-messages/${m.id}/read`)).statusCode).toBe(200);
    const [entry] = await activity("support_message.read", m.id);
    expect(entry).toMatchObject({ before: { readAt: null }, after: { readAt: expect.any(String) } });
  });

  it("cancelling and executing a deletion request record its state before and after", async () => {
    const target = await buildUser(t.database.db);
    const [cancelled, executed] = await t.database.db
      .insert(deletionRequests)
      .values([{ email: "keep@example.test" }, { email: target.email, userId: target.id }])
      .returning();
    expect((await call("POST", `/deletion-requests/${cancelled!.id}/cancel`)).statusCode).toBe(200);
    expect((await call("POST", `/deletion-requests/${executed!.id}/execute`)).statusCode).toBe(200);
    expect((await activity("deletion_request.cancel", cancelled!.id))[0]).toMatchObject({
      before: { state: "pending" },
      after: { state: "cancelled" },
    });
    expect((await activity("deletion_request.execute", executed!.id))[0]).toMatchObject({
      before: { state: "pending" },
      after: { state: "executed" },
    });
  });
});
