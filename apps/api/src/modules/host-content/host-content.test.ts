import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../db/schema/index.ts";
import { buildInterest } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { fixture, multipartFile } from "../../test-support/multipart.ts";

let t: TestApp;
let hostToken: string;
let listenerToken: string;
let adminToken: string;
let interestId: string;
// The listening rules read this clock; the figures test moves it instead of waiting.
let nowMs = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(nowMs) });
  hostToken = await login(t.app, (await buildUser(t.database.db, { role: "host" })).email);
  listenerToken = await login(t.app, (await buildUser(t.database.db)).email);
  adminToken = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
  interestId = (await buildInterest(t.database.db)).id;
});
afterAll(() => t.close());

async function upload(token: string, name: string, kind: "image" | "audio") {
  const type = name.endsWith(".mp3") ? "audio/mpeg" : "image/png";
  const { payload, headers } = multipartFile(fixture(name), name, type);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/app/uploads?kind=${kind}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/app${url}`, payload, headers: bearer(token) });

async function submit(overrides: Record<string, unknown> = {}) {
  const image = (await upload(hostToken, "cover.png", "image")).json().data.secure_url;
  const audio = (await upload(hostToken, "tone.mp3", "audio")).json().data.secure_url;
  return call("POST", "/host/resources", hostToken, {
    title: "Morning Breath",
    description: "Five calm minutes.",
    image,
    resourceUrl: audio,
    interestID: interestId,
    moodType: "happy",
    paymentType: "paid",
    ...overrides,
  });
}

describe("POST /app/uploads", () => {
  it("hosts upload audio (with its duration) and images; other listeners images only", async () => {
    const audio = await upload(hostToken, "tone.mp3", "audio");
    expect(audio.statusCode, audio.body).toBe(200);
    expect(audio.json().data).toMatchObject({
      key: expect.stringMatching(/^audio\//),
      duration: expect.any(Number),
    });
    const picture = await upload(listenerToken, "cover.png", "image");
    expect(picture.statusCode).toBe(200);
    expect(picture.json().data.duration).toBeUndefined();
    expect((await upload(listenerToken, "tone.mp3", "audio")).statusCode).toBe(403);
    // The content is checked, not the declared kind.
    expect((await upload(listenerToken, "tone.mp3", "image")).statusCode).toBe(415);
    const noKind = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/uploads",
      headers: bearer(hostToken),
    });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors[0].field).toBe("kind");
  });
});

describe("/app/host/resources", () => {
  it("a host submits content pending review; it is not in the catalogue until an admin approves it", async () => {
    const res = await submit();
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: "Morning Breath",
      reviewState: "pending",
      feedback: null,
      locked: false,
    });
    expect(res.body).not.toContain("email");

    const catalogue = await call("GET", `/resources/${created._id}`, listenerToken);
    expect(catalogue.statusCode).toBe(404);
    const approve = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/resources/${created._id}/approve`,
      headers: bearer(adminToken),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await call("GET", `/resources/${created._id}`, listenerToken)).statusCode).toBe(200);
    // Reviewed: no more changes from the app.
    expect(
      (await call("PATCH", `/host/resources/${created._id}`, hostToken, { title: "Later" })).statusCode,
    ).toBe(409);
    expect((await call("DELETE", `/host/resources/${created._id}`, hostToken)).statusCode).toBe(409);
  });

  it("lists own content with its state and the latest feedback; edits and withdraws while pending", async () => {
    const created = (await submit({ title: "Draft One" })).json().data;
    const feedback = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/resources/${created._id}/feedback`,
      headers: bearer(adminToken),
      payload: { message: "Please trim the silence at the start." },
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    const list = await call("GET", "/host/resources?state=pending", hostToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((r: { _id: string }) => r._id === created._id)).toMatchObject({
      reviewState: "pending",
      feedback: "Please trim the silence at the start.",
    });

    const edited = await call("PATCH", `/host/resources/${created._id}`, hostToken, { title: "Draft Two" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.title).toBe("Draft Two");
    const bad = await call("PATCH", `/host/resources/${created._id}`, hostToken, {
      reviewState: "published",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("reviewState");

    const otherHost = await login(t.app, (await buildUser(t.database.db, { role: "host" })).email);
    expect(
      (await call("PATCH", `/host/resources/${created._id}`, otherHost, { title: "Mine" })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/host/resources/${created._id}`, hostToken)).statusCode).toBe(200);
    expect(await t.database.db.select().from(resources).where(eq(resources.id, created._id))).toHaveLength(0);
  });

  it("lists each content with its counted plays, unique listeners, minutes, completion rate and average share", async () => {
    const listened = (await submit({ title: "Listened", paymentType: "free" })).json().data;
    const quiet = (await submit({ title: "Quiet" })).json().data;
    const approve = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/resources/${listened._id}/approve`,
      headers: bearer(adminToken),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // The length the back office knows (finishing is measured against it).
    await t.database.db.update(resources).set({ durationSeconds: 120 }).where(eq(resources.id, listened._id));

    const listen = async (token: string, reports: { listenedSeconds: number; position: number }[]) => {
      const started = await call("POST", `/resources/${listened._id}/sessions`, token, {});
      expect(started.statusCode, started.body).toBe(201);
      const { sessionId } = started.json().data;
      for (const [i, r] of reports.entries()) {
        nowMs += r.listenedSeconds * 1000;
        const last = i === reports.length - 1;
        const res = await call("POST", `/sessions/${sessionId}/${last ? "end" : "progress"}`, token, {
          ...r,
          seq: i + 1,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    // One listener to the end (a counted play), another for 30 s: 150 s, one of two finished.
    await listen(listenerToken, [
      { listenedSeconds: 60, position: 60 },
      { listenedSeconds: 60, position: 118 },
    ]);
    await listen(await login(t.app, (await buildUser(t.database.db)).email), [
      { listenedSeconds: 30, position: 30 },
    ]);

    const list = (await call("GET", "/host/resources", hostToken)).json().data as {
      _id: string;
      stats: unknown;
    }[];
    const statsOf = (id: string) => list.find((r) => r._id === id)?.stats;
    // Shares listened: 120 of 120 s and 30 of 120 s, so 0.625 on average.
    expect(statsOf(listened._id)).toEqual({
      countedPlays: 1,
      uniqueListeners: 2,
      minutes: 2,
      completionRate: 0.5,
      averageShare: 0.625,
    });
    expect(statsOf(quiet._id)).toEqual({
      countedPlays: 0,
      uniqueListeners: 0,
      minutes: 0,
      completionRate: null,
      averageShare: null,
    });

    // The published content's own figures; none while it waits for review.
    const stats = await call("GET", `/host/resources/${listened._id}/stats`, hostToken);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data).toEqual({ plays: 1, listeners: 2, averageShare: 0.625 });
    const pending = await call("GET", `/host/resources/${quiet._id}/stats`, hostToken);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toContain("pending");
    const otherHost = await login(t.app, (await buildUser(t.database.db, { role: "host" })).email);
    expect((await call("GET", `/host/resources/${listened._id}/stats`, otherHost)).statusCode).toBe(404);
  });

  it("one content: its transcript, the decision's feedback and its history after a resubmission", async () => {
    const created = (await submit({ title: "Evening Wind-down" })).json().data;
    const decline = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/resources/${created._id}/decline`,
      headers: bearer(adminToken),
      payload: { feedback: "The title promises a wind-down; please add a transcript too." },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const declined = (await call("GET", `/host/resources/${created._id}`, hostToken)).json().data;
    expect(declined).toMatchObject({
      reviewState: "declined",
      feedback: "The title promises a wind-down; please add a transcript too.",
      transcript: null,
    });
    expect(declined.history.map((h: { action: string }) => h.action)).toEqual(["submitted", "declined"]);

    const transcript = { format: "vtt", text: "WEBVTT\n\n00:00.000 --> 00:02.000\nBreathe in.\n" };
    const resubmit = await call("PATCH", `/host/resources/${created._id}`, hostToken, {
      title: "Evening Wind-down, slower",
      transcript,
    });
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    const res = await call("GET", `/host/resources/${created._id}`, hostToken);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ reviewState: "pending", title: "Evening Wind-down, slower", transcript });
    expect(detail.history.at(-1)).toMatchObject({
      action: "resubmitted",
      changed: ["title", "transcript"],
      previous: { title: "Evening Wind-down", transcript: null },
    });
    const otherHost = await login(t.app, (await buildUser(t.database.db, { role: "host" })).email);
    expect((await call("GET", `/host/resources/${created._id}`, otherHost)).statusCode).toBe(404);
    expect((await call("GET", `/host/resources/${created._id}`, listenerToken)).statusCode).toBe(403);
  });

  it("names bad fields; refuses files that are not ours", async () => {
    const res = await call("POST", "/host/resources", hostToken, { title: "", moodType: "meh" });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(["title", "moodType", "image", "resourceUrl", "interestID"]),
    );
    const foreign = await submit({ image: "https://elsewhere.example/cat.png" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe("image");
  });
});
