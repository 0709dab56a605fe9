import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInterest, buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { fixture, multipartFile } from "../../test-support/multipart.ts";

/** The review queue: hosts' uploads found, approved or declined, and their host told. */
const PUBLIC_URL = "https://serene.example";
let t: TestApp;
let host: { email: string; token: string };
let adminToken: string;
let listenerToken: string;
let interestId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const hostRow = await buildUser(t.database.db, { role: "host" });
  host = { email: hostRow.email, token: await login(t.app, hostRow.email) };
  adminToken = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
  listenerToken = await login(t.app, (await buildUser(t.database.db)).email);
  interestId = (await buildInterest(t.database.db)).id;
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH";
/** A call as `token`, answered by a request whose Host is not PUBLIC_URL's (links must not use it). */
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { host: "attacker.example", ...(token ? bearer(token) : {}) },
  });

async function upload(name: string, kind: "image" | "audio") {
  const type = name.endsWith(".mp3") ? "audio/mpeg" : "image/png";
  const { payload, headers } = multipartFile(fixture(name), name, type);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/app/uploads?kind=${kind}`,
    payload,
    headers: { ...headers, ...bearer(host.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secure_url as string;
}

/** A host's submission through the app: pending review. */
async function submit(title: string) {
  const res = await call("POST", "/app/host/resources", host.token, {
    title,
    description: "Slow breathing for the evening.",
    image: await upload("cover.png", "image"),
    resourceUrl: await upload("tone.mp3", "audio"),
    interestID: interestId,
    moodType: "sad",
    paymentType: "paid",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((r) => r._id);
const pendingQueue = async () => {
  const res = await call("GET", "/user/resources?reviewState=pending&limit=50", adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return { ids: ids(res), total: res.json().meta.total as number };
};
const submissionAlerts = async () =>
  (await call("GET", "/user/notifications?kind=content_submission", adminToken)).json() as {
    data: { entityId: string; read: boolean; title: string }[];
    meta: { unread: number };
  };
const inbox = async () =>
  (await call("GET", "/app/messages", host.token)).json().data as { title: string; message: string }[];
const hostsView = async (id: string) =>
  ((await call("GET", "/app/host/resources", host.token)).json().data as { _id: string }[]).find(
    (r) => r._id === id,
  );

describe("the review queue", () => {
  it("finds a submission older than 50 newer contents, approves it, and tells its host by inbox and e-mail", async () => {
    const id = await submit("Evening Breath");
    const newer = Date.now() + 60_000;
    for (let i = 0; i < 51; i++) {
      await buildResource(t.database.db, { timeCreated: new Date(newer + i * 1000) });
    }
    // The newest contents no longer show it...
    const firstPage = await call("GET", "/user/resources?limit=50", adminToken);
    expect(ids(firstPage)).not.toContain(id);
    // ...the review-state filter does, with its count; the bell has its alert.
    expect(await pendingQueue()).toEqual({ ids: [id], total: 1 });
    const published = await call("GET", "/user/resources?reviewState=published&limit=1", adminToken);
    expect(published.json().meta.total).toBe(51);
    const alerts = await submissionAlerts();
    expect(alerts.data).toEqual([
      expect.objectContaining({ entityId: id, read: false, title: "New content to review" }),
    ]);

    const approved = await call("POST", `/user/resources/${id}/approve`, adminToken, {
      feedback: "Lovely pacing.",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.reviewState).toBe("published");
    expect(await pendingQueue()).toEqual({ ids: [], total: 0 });
    expect((await submissionAlerts()).meta.unread).toBe(0);
    expect(await hostsView(id)).toMatchObject({ reviewState: "published", feedback: "Lovely pacing." });
    expect((await inbox())[0]).toMatchObject({
      title: "“Evening Breath” is published",
      message: "Lovely pacing.",
    });
    const mail = await eventually(() => {
      const [m] = outboxFor(t.config.mail.outboxDir, host.email);
      expect(m).toBeDefined();
      return m!;
    });
    expect(mail.subject).toBe("“Evening Breath” is published on Serene");
    expect(mail.text).toContain("Lovely pacing.");
    expect(mail.text).toContain(`${PUBLIC_URL}/listen/host/content/${id}`);
    expect(mail.html).not.toContain("attacker.example");
    // In the catalogue now.
    expect((await call("GET", `/app/resources/${id}`, listenerToken)).statusCode).toBe(200);
  });

  it("declines with feedback (required); the host sees it, edits the content and it waits for review again", async () => {
    const id = await submit("Too Quiet");
    const mailsBefore = outboxFor(t.config.mail.outboxDir, host.email).length;

    for (const body of [{}, { feedback: "   " }]) {
      const refused = await call("POST", `/user/resources/${id}/decline`, adminToken, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: "validation_failed",
        errors: [{ field: "feedback", message: "Write feedback for the uploader" }],
      });
    }
    expect((await pendingQueue()).ids).toContain(id);

    const declined = await call("POST", `/user/resources/${id}/decline`, adminToken, {
      feedback: "The voice is too quiet; please raise the level.",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.reviewState).toBe("declined");
    expect((await pendingQueue()).ids).not.toContain(id);
    const declinedList = await call("GET", "/user/resources?reviewState=declined", adminToken);
    expect(ids(declinedList)).toEqual([id]);
    expect(await hostsView(id)).toMatchObject({
      reviewState: "declined",
      feedback: "The voice is too quiet; please raise the level.",
    });
    expect((await inbox())[0]).toMatchObject({
      title: "“Too Quiet” needs changes",
      message: "The voice is too quiet; please raise the level.",
    });
    const mail = await eventually(() => {
      const mails = outboxFor(t.config.mail.outboxDir, host.email);
      expect(mails).toHaveLength(mailsBefore + 1);
      return mails.at(-1)!;
    });
    expect(mail.subject).toBe("“Too Quiet” was not published yet");
    expect(mail.text).toContain("The voice is too quiet; please raise the level.");
    expect(mail.text).toContain(`${PUBLIC_URL}/listen/host/content/${id}`);
    expect(mail.text).toContain("Open it on the web, make the changes and send it again:");
    // Not in the catalogue; declined twice is refused.
    expect((await call("GET", `/app/resources/${id}`, listenerToken)).statusCode).toBe(404);
    const again = await call("POST", `/user/resources/${id}/decline`, adminToken, { feedback: "Still" });
    expect(again.statusCode).toBe(409);

    // The host changes it: it waits for review again, and the back office is alerted again.
    const edited = await call("PATCH", `/app/host/resources/${id}`, host.token, { title: "Louder Now" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.reviewState).toBe("pending");
    expect((await pendingQueue()).ids).toEqual([id]);
    const alert = (await submissionAlerts()).data.find((a) => a.entityId === id && !a.read);
    expect(alert?.title).toBe("Content sent again for review");
    const log = await call("GET", `/user/activity?action=resource.resubmit`, adminToken);
    expect(log.json().data[0]).toMatchObject({ entityId: id, details: { title: "Louder Now" } });

    // Then a transcript, while it waits: the review shows the history, what changed and what it was.
    const transcript = { format: "text", text: "Breathe in, and out." };
    expect((await call("PATCH", `/app/host/resources/${id}`, host.token, { transcript })).statusCode).toBe(
      200,
    );
    const history = await call("GET", `/user/resources/${id}/history`, adminToken);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        action: "submitted",
        changed: [],
        by: expect.objectContaining({ _id: expect.any(String) }),
      }),
      expect.objectContaining({
        action: "declined",
        feedback: "The voice is too quiet; please raise the level.",
        changed: [],
      }),
      expect.objectContaining({
        action: "resubmitted",
        changed: ["title"],
        previous: { title: "Too Quiet" },
      }),
      expect.objectContaining({ action: "edited", changed: ["transcript"], previous: { transcript: null } }),
    ]);
    const [submitted, decision] = history.json().data;
    expect(new Date(decision.at).getTime()).toBeGreaterThanOrEqual(new Date(submitted.at).getTime());
    expect((await call("GET", `/user/resources/${id}/history`, host.token)).statusCode).toBe(403);
  });

  it("approve and decline are the back office's: hosts, listeners and visitors are refused", async () => {
    const id = await submit("Not Yours");
    for (const [token, status] of [
      [host.token, 403],
      [listenerToken, 403],
      [null, 401],
    ] as const) {
      expect((await call("POST", `/user/resources/${id}/approve`, token)).statusCode).toBe(status);
      expect(
        (await call("POST", `/user/resources/${id}/decline`, token, { feedback: "No" })).statusCode,
      ).toBe(status);
      expect((await call("GET", "/user/resources?reviewState=pending", token)).statusCode).toBe(status);
    }
    expect((await pendingQueue()).ids).toContain(id);
  });
});

describe("the trash and the review queue", () => {
  it("a deleted submission leaves the queue and its alert is read; a restore puts it back in the queue", async () => {
    const id = await submit("Withdrawn by the admin");
    expect((await pendingQueue()).ids).toContain(id);
    expect((await submissionAlerts()).data).toContainEqual(
      expect.objectContaining({ entityId: id, read: false }),
    );
    expect((await call("POST", "/user/resources/delete", adminToken, { id })).statusCode).toBe(200);
    expect((await pendingQueue()).ids).not.toContain(id);
    expect((await submissionAlerts()).data).toContainEqual(
      expect.objectContaining({ entityId: id, read: true }),
    );
    await call("POST", "/user/trash/bulk", adminToken, { action: "restore", ids: [id] });
    expect((await pendingQueue()).ids).toContain(id);
  });
});
