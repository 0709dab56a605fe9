import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles } from "../../db/schema/index.ts";
import { buildInterest, buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { fixture, multipartFile, uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

let listener: { id: string; token: string };
let host: { id: string; token: string };
let interestId: string;
beforeAll(async () => {
  const signIn = async (role: "user" | "host") => {
    const user = await buildUser(t.database.db, { role });
    return { id: user.id, token: await login(t.app, user.email) };
  };
  listener = await signIn("user");
  host = await signIn("host");
  interestId = (await buildInterest(t.database.db)).id;
});

/** The app's upload (POST /app/uploads) as this user: the file's URL. */
async function appUpload(token: string, name: "cover.png" | "cover.jpg" | "cover.gif" | "tone.mp3") {
  const audio = name.endsWith(".mp3");
  const { payload, headers } = multipartFile(fixture(name), name, audio ? "audio/mpeg" : "image/png");
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/app/uploads?kind=${audio ? "audio" : "image"}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secure_url as string;
}
const keyOf = (url: string) => new URL(url).pathname.slice("/media/".length);
/** GET the file as an admin (paid audio needs a stream link or an admin): 200 while it exists. */
const served = async (url: string) =>
  (await t.app.inject({ method: "GET", url: new URL(url).pathname, headers: bearer(t.token) })).statusCode;
const app = (method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(token) });

/** A published paid content, its cover and audio uploaded by the admin. */
async function publishedContent() {
  const cover = await uploadFixture(t.app, t.token, "cover.png");
  const audio = await uploadFixture(t.app, t.token, "tone.mp3");
  await buildResource(t.database.db, {
    imageKey: keyOf(cover),
    audioKey: keyOf(audio),
    paymentType: "paid",
    interestId,
  });
  return { cover, audio };
}

function expectForbidden(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({
    status: false,
    code: "forbidden",
    message: expect.stringMatching(new RegExp(`^${field}: .*someone else uploaded`)),
    errors: [{ field }],
  });
}

describe("a media file someone else uploaded cannot be attached", () => {
  it("a listener's picture (PATCH /app/me, PUT /auth/profile): 403 naming image, and the cover stays served after they change theirs", async () => {
    const { cover } = await publishedContent();
    expectForbidden(await app("PATCH", "/app/me", listener.token, { image: cover }), "image");
    expectForbidden(await app("PUT", "/auth/profile", listener.token, { image: cover }), "image");
    // Their own picture, then none: the cover is untouched throughout.
    const own = await appUpload(listener.token, "cover.jpg");
    expect((await app("PATCH", "/app/me", listener.token, { image: own })).statusCode).toBe(200);
    expect((await app("PATCH", "/app/me", listener.token, { image: null })).statusCode).toBe(200);
    expect(await served(cover)).toBe(200);
    // Their replaced picture, used by nothing else, is gone.
    expect(await served(own)).toBe(404);
  });

  it("a host's content (POST and PATCH /app/host/resources): 403 naming the field; withdrawing theirs leaves the paid audio served", async () => {
    const { cover, audio } = await publishedContent();
    const ownImage = await appUpload(host.token, "cover.png");
    const ownAudio = await appUpload(host.token, "tone.mp3");
    const body = {
      title: "Borrowed",
      description: "Not mine.",
      interestID: interestId,
      moodType: "happy",
      paymentType: "free",
    };
    expectForbidden(
      await app("POST", "/app/host/resources", host.token, { ...body, image: ownImage, resourceUrl: audio }),
      "resourceUrl",
    );
    expectForbidden(
      await app("POST", "/app/host/resources", host.token, { ...body, image: cover, resourceUrl: ownAudio }),
      "image",
    );
    const created = await app("POST", "/app/host/resources", host.token, {
      ...body,
      image: ownImage,
      resourceUrl: ownAudio,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    expectForbidden(
      await app("PATCH", `/app/host/resources/${id}`, host.token, { resourceUrl: audio }),
      "resourceUrl",
    );
    // Its own files sent back as they are: accepted.
    const same = await app("PATCH", `/app/host/resources/${id}`, host.token, {
      image: ownImage,
      title: "Mine",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await app("DELETE", `/app/host/resources/${id}`, host.token)).statusCode).toBe(200);
    expect(await served(audio)).toBe(200);
    expect(await served(cover)).toBe(200);
    expect(await served(ownAudio)).toBe(404);
    expect(await served(ownImage)).toBe(404);
  });

  it("a pending item that already names another content's audio (from before the check): withdrawing it keeps the audio", async () => {
    const { cover, audio } = await publishedContent();
    const pending = await buildResource(t.database.db, {
      imageKey: keyOf(cover),
      audioKey: keyOf(audio),
      reviewState: "pending",
      userId: host.id,
      interestId,
    });
    expect((await app("DELETE", `/app/host/resources/${pending.id}`, host.token)).statusCode).toBe(200);
    expect(await served(audio)).toBe(200);
    expect(await served(cover)).toBe(200);
  });

  it("a host request's picture (POST /user/host-request): 403 naming image", async () => {
    const { cover } = await publishedContent();
    const asker = await buildUser(t.database.db);
    const token = await login(t.app, asker.email);
    const reason = "I lead meditation classes every week.";
    expectForbidden(await app("POST", "/user/host-request", token, { reason, image: cover }), "image");
    const own = await appUpload(token, "cover.gif");
    const res = await app("POST", "/user/host-request", token, { reason, image: own });
    expect(res.statusCode, res.body).toBe(200);
    expect(await served(cover)).toBe(200);
  });

  it("an admin may attach any file; the uploader replacing theirs then leaves it to the row using it", async () => {
    const picture = await appUpload(listener.token, "cover.png");
    expect((await app("PATCH", "/app/me", listener.token, { image: picture })).statusCode).toBe(200);
    const icon = await app("POST", "/user/interest", t.token, {
      name: "Shared icon",
      icon: picture,
      position: 1,
    });
    expect(icon.statusCode, icon.body).toBe(200);
    expect((await app("PATCH", "/app/me", listener.token, { image: null })).statusCode).toBe(200);
    expect(await served(picture)).toBe(200);
    // The interest lets go of it too: now nothing uses it, and it goes.
    const other = await uploadFixture(t.app, t.token, "cover.gif");
    const id = icon.json().data._id as string;
    expect((await app("PUT", `/user/interest/${id}`, t.token, { icon: other })).statusCode).toBe(200);
    expect(await served(picture)).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.key, keyOf(picture))),
    ).toEqual([]);
  });

  it("the file a row already has may be sent back, whoever stored it", async () => {
    const { cover } = await publishedContent();
    // A picture set before uploaders were recorded: it is the listener's row's own.
    const old = await buildUser(t.database.db, { imageKey: keyOf(cover) });
    const token = await login(t.app, old.email);
    const res = await app("PATCH", "/app/me", token, { image: cover, username: "kept-picture" });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("deleting an account", () => {
  it("keeps the files other rows still use: a picture that pointed at a cover, a picture an interest also uses", async () => {
    const { cover } = await publishedContent();
    // Pointed at the cover before the check existed; an admin deletes the account.
    const pointer = await buildUser(t.database.db, { imageKey: keyOf(cover) });
    expect((await app("POST", "/user/delete", t.token, { id: pointer.id })).statusCode).toBe(200);
    expect(await served(cover)).toBe(200);

    // Their own picture, also an interest's icon (an admin attached it): deleting themselves keeps it.
    const leaving = await buildUser(t.database.db);
    const token = await login(t.app, leaving.email);
    const shared = await appUpload(token, "cover.png");
    expect((await app("PATCH", "/app/me", token, { image: shared })).statusCode).toBe(200);
    const icon = await app("POST", "/user/interest", t.token, {
      name: "Kept icon",
      icon: shared,
      position: 2,
    });
    expect(icon.statusCode, icon.body).toBe(200);
    const deleted = await app("DELETE", "/app/me", token, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await served(shared)).toBe(200);
    // Its uploader is gone: only an admin or the row holding it can attach it now.
    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, keyOf(shared)));
    expect(row?.uploadedBy).toBeNull();
  });

  it("removes the pictures only it used", async () => {
    const leaving = await buildUser(t.database.db);
    const token = await login(t.app, leaving.email);
    const picture = await appUpload(token, "cover.jpg");
    expect((await app("PATCH", "/app/me", token, { image: picture })).statusCode).toBe(200);
    expect((await app("DELETE", "/app/me", token, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await served(picture)).toBe(404);
  });
});
