import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userMessages } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email));
});
afterAll(() => t.close());

describe("inbox", () => {
  it("personal messages and broadcasts since joining, newest first, unread count, mark read", async () => {
    // A broadcast from before the listener joined stays out of their inbox.
    await t.database.db.insert(userMessages).values({
      kind: "broadcast",
      body: "Before your time",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const user = await buildUser(t.database.db);
    const me = bearer(await login(t.app, user.email));
    const other = bearer(await login(t.app, (await buildUser(t.database.db)).email));
    const send = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url: `/api/v1/user${url}`, headers: admin, payload });
    expect((await send("/broadcast", { message: "New sleep stories" })).statusCode).toBe(200);
    expect(
      (await send(`/users/${user.id}/message`, { title: "Hello", message: "Welcome aboard" })).statusCode,
    ).toBe(200);
    expect((await send("/broadcast", { title: "Update", message: "Version 2 is out" })).statusCode).toBe(200);

    const inbox = (url = "/api/v1/app/messages", headers = me) =>
      t.app.inject({ method: "GET", url, headers });
    const first = (await inbox()).json();
    expect(first.data.map((m: { title: string; kind: string }) => [m.title, m.kind])).toEqual([
      ["Update", "broadcast"],
      ["Hello", "personal"],
      ["Message from Serene", "broadcast"],
    ]);
    expect(first.meta).toEqual({ nextCursor: null, unread: 3 });

    const read = (id: string, headers = me) =>
      t.app.inject({ method: "POST", url: `/api/v1/app/messages/${id}/read`, headers });
    for (const m of first.data.slice(0, 2)) expect((await read(m._id)).statusCode).toBe(200);
    expect((await read(first.data[0]._id)).statusCode).toBe(200);
    const after = (await inbox()).json();
    expect(after.data.map((m: { read: boolean }) => m.read)).toEqual([true, true, false]);
    expect(after.meta.unread).toBe(1);
    // A broadcast read by one listener is still unread for another; their personal messages are theirs.
    expect((await inbox("/api/v1/app/messages", other)).json().meta.unread).toBe(2);
    expect((await read(first.data[1]._id, other)).statusCode).toBe(404);

    const paged = (await inbox("/api/v1/app/messages?limit=2")).json();
    expect(paged.data).toHaveLength(2);
    const rest = (await inbox(`/api/v1/app/messages?limit=2&cursor=${paged.meta.nextCursor}`)).json();
    expect(rest.data.map((m: { message: string }) => m.message)).toEqual(["New sleep stories"]);
  });

  it("mark all read: the whole inbox of this listener only, a broadcast still unread for others", async () => {
    const user = await buildUser(t.database.db);
    const me = bearer(await login(t.app, user.email));
    const other = await buildUser(t.database.db);
    const otherAuth = bearer(await login(t.app, other.email));
    const send = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url: `/api/v1/user${url}`, headers: admin, payload });
    await send("/broadcast", { message: "Breathe in" });
    await send(`/users/${user.id}/message`, { title: "For you", message: "A note" });
    await send(`/users/${user.id}/message`, { title: "Again", message: "Another note" });
    await send(`/users/${other.id}/message`, { title: "For them", message: "Their note" });
    const inbox = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: "/api/v1/app/messages", headers }).then((r) => r.json());
    expect((await inbox(me)).meta.unread).toBe(3);
    const readAll = () => t.app.inject({ method: "POST", url: "/api/v1/app/messages/read-all", headers: me });
    const done = await readAll();
    expect(done.statusCode, done.body).toBe(200);
    const after = await inbox(me);
    expect(after.meta.unread).toBe(0);
    expect(after.data.every((m: { read: boolean }) => m.read)).toBe(true);
    expect((await readAll()).statusCode).toBe(200);
    const theirs = await inbox(otherAuth);
    expect(theirs.meta.unread).toBe(theirs.data.length);
    expect(theirs.data.map((m: { title: string }) => m.title)).toContain("For them");
    expect((await t.app.inject({ method: "POST", url: "/api/v1/app/messages/read-all" })).statusCode).toBe(
      401,
    );
  });
});
