import fs from "node:fs";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, sessions, userMessages, users } from "../../db/schema/index.ts";
import { captureQueries } from "../../test-support/capture-queries.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function register(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/register", {
    email: `new-${Math.random().toString(36).slice(2)}@example.test`,
    username: "Newcomer",
    password: "a-good-password",
    moodType: "happy",
    image: await uploadFixture(t.app, t.token, "cover.png"),
    ...overrides,
  });
  return res;
}

describe("POST /register", () => {
  it("creates an app user who can sign in, with the spec's fields and no hash", async () => {
    const res = await register({ email: "Calm.Person@Example.test", user_role: "admin", role: "admin" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("User Created Successfully");
    const user = res.json().data;
    expect(user).toMatchObject({
      email: "calm.person@example.test",
      username: "Newcomer",
      mood: "happy",
      user_role: "user",
      status: "free",
    });
    expect(user.image).toMatch(/\/media\/image\//);
    expect(res.body).not.toContain("scrypt$");
    await expect(login(t.app, "calm.person@example.test", "a-good-password")).resolves.toEqual(
      expect.any(String),
    );
  });

  it("refuses a duplicate e-mail with 409, whatever its case, and bad fields with 400", async () => {
    await register({ email: "twice@example.test" });
    const dup = await register({ email: "TWICE@example.test" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "conflict", errors: [{ field: "email" }] });
    const bad = await call("POST", "/register", {
      email: "nope",
      username: "x",
      password: "short",
      moodType: "bored",
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["email", "moodType", "password", "username"]);
  });
});

describe("GET /users and /single", () => {
  it("lists newest first, pages, and searches username and e-mail", async () => {
    await buildUser(t.database.db, { username: "Zephyr Quill", email: "zq@example.test" });
    const found = await call("GET", "/users?q=zephyr");
    expect(found.json().data.map((u: { username: string }) => u.username)).toEqual(["Zephyr Quill"]);
    expect((await call("GET", "/users?q=ZQ@EXAMPLE")).json().data).toHaveLength(1);
    const page = (await call("GET", "/users?limit=2&page=1")).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta.total).toBe(await t.database.db.$count(users, ne(users.role, "admin")));
    expect((await call("GET", "/users?q=zephyr&limit=20")).json().meta).toEqual({
      page: 1,
      limit: 20,
      total: 1,
      pages: 1,
    });
    const [a, b] = page.data;
    expect(new Date(a.time_created).getTime()).toBeGreaterThanOrEqual(new Date(b.time_created).getTime());
  });

  it("lists and counts the app's users and the staff apart", async () => {
    const staff = await buildUser(t.database.db, { role: "admin", username: "Second Admin" });
    const host = await buildUser(t.database.db, { role: "host", username: "Hosting Hana" });
    const app = (await call("GET", "/users?limit=100")).json();
    const appIds = app.data.map((u: { _id: string }) => u._id);
    expect(appIds).toContain(host.id);
    expect(appIds).not.toContain(staff.id);
    expect(appIds).not.toContain(t.user.id);
    expect(app.meta.total).toBe(await t.database.db.$count(users, ne(users.role, "admin")));
    const team = (await call("GET", "/users?audience=staff")).json();
    expect(team.data.map((u: { _id: string }) => u._id).sort()).toEqual([staff.id, t.user.id].sort());
    expect(team.meta.total).toBe(2);
    // A search stays within the audience.
    expect((await call("GET", "/users?q=second admin")).json().meta.total).toBe(0);
    expect((await call("GET", "/users?q=second admin&audience=staff")).json().meta.total).toBe(1);
    // Pickers (a content's uploader, the log's actor) search every account.
    const everyone = (await call("GET", "/users?limit=100&audience=all")).json();
    expect(everyone.meta.total).toBe(app.meta.total + 2);
    expect(everyone.data.map((u: { _id: string }) => u._id)).toEqual(
      expect.arrayContaining([host.id, staff.id]),
    );
    const stats = (await call("GET", "/dashboard-stats")).json().data;
    expect(stats).toMatchObject({ users: app.meta.total, staff: 2 });
    const bad = await call("GET", "/users?audience=everyone");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/audience/);
  });

  it("a page reads only the columns its answer needs: never the password hash", async () => {
    await buildUser(t.database.db, { username: "Column Counted" });
    let page: ReturnType<typeof JSON.parse> = null;
    const queries = await captureQueries(async () => {
      page = (await call("GET", "/users?limit=20&audience=all")).json();
    });
    const read = queries.filter((q) => /from "users"/.test(q.text) && /limit/i.test(q.text));
    expect(read).toHaveLength(1);
    expect(read[0]!.text).not.toContain("password_hash");
    expect(read[0]!.text).not.toContain("totp");
    expect(Object.keys(page.data[0]).sort()).toEqual(
      [
        "_id",
        "id",
        "username",
        "lastName",
        "email",
        "status",
        "time_created",
        "image",
        "mood",
        "experience",
        "percentage",
        "user_role",
        "invited",
      ].sort(),
    );
  });

  it("GET /single/:user_id answers one user, 404 unknown, 400 malformed", async () => {
    const u = await buildUser(t.database.db);
    expect((await call("GET", `/single/${u.id}`)).json().data).toMatchObject({ _id: u.id, email: u.email });
    expect((await call("GET", `/single/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call("GET", "/single/abc")).statusCode).toBe(400);
  });
});

describe("PUT /user/setting/:id", () => {
  it("edits e-mail, username, mood and experience, never the role", async () => {
    const u = await buildUser(t.database.db);
    const res = await call("PUT", `/user/setting/${u.id}`, {
      email: "edited@example.test",
      username: "Edited",
      mood: "angry",
      experience: "Beginner",
      user_role: "admin",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      email: "edited@example.test",
      username: "Edited",
      mood: "angry",
      experience: "Beginner",
      user_role: "user",
    });
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, u.id));
    expect(log.map((l) => [l.action, l.actorId])).toContainEqual(["user.update", t.user.id]);
  });

  it("409 for another user's e-mail, 404 unknown, 400 empty or bad", async () => {
    const a = await buildUser(t.database.db);
    const b = await buildUser(t.database.db);
    expect((await call("PUT", `/user/setting/${a.id}`, { email: b.email })).statusCode).toBe(409);
    expect((await call("PUT", `/user/setting/${UNKNOWN}`, { username: "Someone" })).statusCode).toBe(404);
    expect((await call("PUT", `/user/setting/${a.id}`, {})).statusCode).toBe(400);
    expect((await call("PUT", `/user/setting/${a.id}`, { mood: "bored" })).statusCode).toBe(400);
  });
});

describe("make a host, send a message", () => {
  it("gives the host role and tells the user; admins stay admins", async () => {
    const u = await buildUser(t.database.db);
    const res = await call("POST", `/users/${u.id}/make-host`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_role).toBe("host");
    const inbox = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, u.id));
    expect(inbox.map((m) => m.title)).toContain("You are now a host");
    expect((await call("POST", `/users/${t.user.id}/make-host`)).statusCode).toBe(409);
    expect((await call("POST", `/users/${UNKNOWN}/make-host`)).statusCode).toBe(404);
  });

  it("delivers a message to the user's inbox and by e-mail; validates its length", async () => {
    const u = await buildUser(t.database.db);
    const res = await call("POST", `/users/${u.id}/message`, {
      title: "Hello",
      message: "Thanks for being with us!",
    });
    expect(res.statusCode).toBe(200);
    const [message] = await t.database.db.select().from(userMessages).where(eq(userMessages.userId, u.id));
    expect(message).toMatchObject({ kind: "direct", body: "Thanks for being with us!", sentBy: t.user.id });
    const mail = await eventually(() => {
      const [m] = outboxFor(t.config.mail.outboxDir, u.email);
      if (!m) throw new Error("no e-mail yet");
      return m;
    });
    expect(mail.subject).toBe("Hello");
    expect(mail.text).toContain("Thanks for being with us!");
    expect((await call("POST", `/users/${u.id}/message`, { message: "x".repeat(1001) })).statusCode).toBe(
      400,
    );
    expect((await call("POST", `/users/${u.id}/message`, { message: "  " })).statusCode).toBe(400);
  });
});

describe("deleting a user (POST /delete and POST /users)", () => {
  it.each(["/delete", "/users"])(
    "%s moves them to the trash: sessions ended, hidden, data and avatar kept until the purge",
    async (route) => {
      const created = (await register()).json().data;
      const userToken = await login(t.app, created.email, "a-good-password");
      const image = await uploadFixture(t.app, t.token, "cover.jpg");
      const audio = await uploadFixture(t.app, t.token, "tone.mp3");
      const content = (
        await call("POST", "/resources", {
          title: "Their talk",
          moodType: "sad",
          userID: created._id,
          image,
          resourceUrl: audio,
        })
      ).json().data;
      const avatar = path.join(t.config.media.dir, new URL(created.image).pathname.replace("/media/", ""));
      expect(fs.existsSync(avatar)).toBe(true);

      const res = await call("POST", route, { id: created._id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: "User Deleted" });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, created._id));
      expect(row).toMatchObject({ email: created.email, deletedBy: t.user.id });
      expect(row!.deletedAt).toBeInstanceOf(Date);
      expect(
        await t.database.db.select().from(sessions).where(eq(sessions.userId, created._id)),
      ).toHaveLength(0);
      expect(fs.existsSync(avatar)).toBe(true);
      expect((await call("GET", `/single/${created._id}`)).statusCode).toBe(404);
      const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: bearer(userToken) });
      expect(me.statusCode).toBe(401);
      expect((await call("GET", `/resources/${content._id}`)).json().data).toMatchObject({
        title: "Their talk",
      });
      expect((await call("POST", route, { id: created._id })).statusCode).toBe(404);
    },
  );

  it("an admin cannot delete their own account here", async () => {
    const res = await call("POST", "/delete", { id: t.user.id });
    expect(res.statusCode).toBe(400);
  });
});
