import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userMessages } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;

describe("dashboard", () => {
  it("stat cards count with SQL, and Avg. time on app is the listening time per listener per day", async () => {
    const empty = (await call("GET", "/dashboard-stats")).json().data;
    // The signed-in admin is staff, not an app user.
    expect(empty).toEqual({ resources: 0, users: 0, staff: 1, hostRequests: 0, avgTimeOnAppSeconds: 0 });

    const icon = await uploadFixture(t.app, t.token, "cover.png");
    const sleep = (await call("POST", "/interest", { name: "Sleep", icon, position: 1 })).json().data;
    const make = async (title: string, interestID: string | null) =>
      (
        await call("POST", "/resources", {
          title,
          moodType: "sad",
          userID: t.user.id,
          interestID,
          image: await uploadFixture(t.app, t.token, "cover.jpg"),
          // 90 s of audio: a synced session listens at most the content's measured length.
          resourceUrl: await uploadFixture(t.app, t.token, "ninety-seconds.mp3"),
        })
      ).json().data;
    const a = await make("A", sleep._id);
    await make("B", sleep._id);
    await make("C", null);

    // Two sessions of one listener on one day, synced from the app: 150 s that day; the second
    // one, within 24 hours of the first, is not another counted play.
    const listener = await buildUser(t.database.db, { timeCreated: new Date(Date.now() - 86_400_000) });
    const listenerToken = await login(t.app, listener.email);
    const session = (minutesAgo: number, seconds: number) => ({
      clientId: randomUUID(),
      resourceId: a._id,
      startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      endedAt: new Date(Date.now() - minutesAgo * 60_000 + seconds * 1000).toISOString(),
      position: seconds,
      listenedSeconds: seconds,
    });
    const synced = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/sessions/sync",
      headers: bearer(listenerToken),
      payload: { sessions: [session(30, 60), session(10, 90)] },
    });
    expect(synced.json().data.map((v: { accepted: boolean }) => v.accepted)).toEqual([true, true]);
    const requester = await buildUser(t.database.db);
    await call(
      "POST",
      "/host-request",
      { reason: "I would love to share my sessions" },
      await login(t.app, requester.email),
    );

    const stats = (await call("GET", "/dashboard-stats")).json().data;
    expect(stats).toEqual({ resources: 3, users: 2, staff: 1, hostRequests: 1, avgTimeOnAppSeconds: 150 });
    expect((await call("GET", `/resources/${a._id}`)).json().data.no_plays).toBe(1);

    const perInterest = (await call("GET", "/resources-per-interest")).json();
    expect(perInterest).toEqual([
      { interest: "Sleep", count: 2 },
      { interest: "Uncategorised", count: 1 },
    ]);
  });

  it("users gained: a bare list of the last 12 months, oldest first, empty months included", async () => {
    await t.database.db.execute(
      sql`insert into users (username, email, time_created) values ('Old', 'old-signup@example.test', date_trunc('month', now()) - interval '2 months' + interval '3 days')`,
    );
    const body = (await call("GET", "/users-gained-yearly")).json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(12);
    const now = new Date();
    const key = (monthsAgo: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    };
    expect(body[11]._id).toBe(key(0));
    expect(body[0]._id).toBe(key(11));
    expect(body[9]).toEqual({ _id: key(2), count: 1 });
    expect(body[11].count).toBeGreaterThanOrEqual(3);
  });

  it("broadcast reaches every user's inbox and answers how many", async () => {
    const res = await call("POST", "/broadcast", { message: "New sleep stories this week" });
    expect(res.statusCode).toBe(200);
    const users = (await call("GET", "/dashboard-stats")).json().data.users;
    expect(res.json().data.recipients).toBe(users);
    const rows = await t.database.db.select().from(userMessages);
    expect(rows.filter((m) => m.kind === "broadcast").map((m) => m.body)).toEqual([
      "New sleep stories this week",
    ]);
    expect((await call("POST", "/broadcast", { message: "x".repeat(1001) })).statusCode).toBe(400);
  });

  it("an editor reads how many users a broadcast reaches (not the stat cards): the broadcast's own count", async () => {
    await buildUser(t.database.db);
    const editor = await buildUser(t.database.db, { role: "editor" });
    const headers = bearer(await login(t.app, editor.email));
    const audience = await t.app.inject({ method: "GET", url: "/api/v1/user/broadcast/audience", headers });
    expect(audience.statusCode).toBe(200);
    const { recipients } = audience.json().data;
    expect(recipients).toBe((await call("GET", "/dashboard-stats")).json().data.users);
    expect(recipients).toBeGreaterThan(0);
    const stats = await t.app.inject({ method: "GET", url: "/api/v1/user/dashboard-stats", headers });
    expect(stats.statusCode).toBe(403);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/broadcast",
      headers,
      payload: { title: "News", message: "A new series" },
    });
    expect(sent.json().data).toEqual({ recipients });
  });

  it("approve publishes pending content; feedback reaches the uploader", async () => {
    const host = await buildUser(t.database.db, { role: "host" });
    const created = (
      await call("POST", "/resources", {
        title: "Host upload",
        moodType: "happy",
        userID: host.id,
        image: await uploadFixture(t.app, t.token, "cover.jpg"),
        resourceUrl: await uploadFixture(t.app, t.token, "tone.mp3"),
      })
    ).json().data;
    await t.database.db.execute(sql`update resources set review_state = 'pending' where id = ${created._id}`);
    const approved = await call("POST", `/resources/${created._id}/approve`);
    expect(approved.json().data.reviewState).toBe("published");
    const fb = await call("POST", `/resources/${created._id}/feedback`, {
      message: "Lovely pacing, maybe trim the intro",
    });
    expect(fb.statusCode).toBe(200);
    const inbox = (await t.database.db.select().from(userMessages)).filter((m) => m.userId === host.id);
    // The approval itself tells the host, then the feedback follows.
    expect(inbox).toHaveLength(2);
    expect(inbox).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "feedback",
          resourceId: created._id,
          body: expect.stringMatching(/^Approved/),
        }),
        expect.objectContaining({
          kind: "feedback",
          resourceId: created._id,
          body: "Lovely pacing, maybe trim the intro",
        }),
      ]),
    );
    expect((await call("POST", "/resources/00000000-0000-4000-8000-000000000000/approve")).statusCode).toBe(
      404,
    );
  });
});
