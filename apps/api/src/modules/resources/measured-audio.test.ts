import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles, resources } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { fixture, multipartFile, uploadFixture } from "../../test-support/multipart.ts";

/**
 * Durations and loudness come from the audio file, measured on the server: a 90.04 s recording
 * (sox tone at -20 dBFS, 8 kbit/s lame) is 90 s wherever a content shows it.
 */
const t = useTestApp({ as: "admin" });
const call = t.call;
let listenerToken: string;
beforeAll(async () => {
  listenerToken = await login(t.app, (await buildUser(t.database.db)).email);
});
const app = (url: string, token = listenerToken) =>
  t.app.inject({ method: "GET", url: `/api/v1/app${url}`, headers: bearer(token) });

async function createContent(audio: string, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/resources", {
    title: `Ninety seconds ${Math.random()}`,
    image: await uploadFixture(t.app, t.token, "cover.png"),
    resourceUrl: await uploadFixture(t.app, t.token, audio),
    userID: t.user.id,
    moodType: "happy",
    paymentType: "free",
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("durations measured from the audio", () => {
  it("the upload answers the measured duration and loudness", async () => {
    const { payload, headers } = multipartFile(fixture("ninety-seconds.mp3"), "n.mp3", "audio/mpeg");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/upload?kind=audio",
      payload,
      headers: { ...headers, ...bearer(t.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.durationSeconds).toBe(90);
    expect(data.duration).toBeGreaterThan(90);
    expect(data.duration).toBeLessThan(90.5);
    expect(data.loudness.lufs).toBeCloseTo(-24, 0);
  });

  it("a typed duration that disagrees is ignored, on create and on update", async () => {
    const created = await createContent("ninety-seconds.mp3", { duration: "10:00" });
    expect(created).toMatchObject({ duration: "1:30", durationSeconds: 90 });
    expect(created.loudness).toEqual({ lufs: expect.any(Number), peak: expect.any(Number) });
    const updated = await call("PUT", `/resources/${created._id}`, {
      title: created.title,
      userID: t.user.id,
      moodType: "happy",
      duration: "15:00",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ duration: "1:30", durationSeconds: 90 });
    const seen = (await app(`/resources/${created._id}`)).json().data;
    expect(seen).toMatchObject({ duration: "1:30", durationSeconds: 90 });
    expect(seen.loudness.lufs).toBeCloseTo(-24, 0);
    expect(seen.loudness.peak).toBeCloseTo(-20, 0);
  });

  it("the catalogue filters and sorts by the measured value", async () => {
    const long = await createContent("ninety-seconds.mp3", { title: "Measured long" });
    const short = await createContent("tone.mp3", { title: "Measured short" });
    const found = (await app("/resources?q=measured&minSeconds=60")).json().data;
    expect(found.map((r: { _id: string }) => r._id)).toEqual([long._id]);
    const shortest = (await app("/resources?q=measured&sort=shortest")).json().data;
    expect(shortest.map((r: { durationSeconds: number }) => r.durationSeconds)).toEqual([2, 90]);
    expect(shortest[0]._id).toBe(short._id);
  });

  it("contents stored before measuring are measured by the jobs, and a missing file does not stop them", async () => {
    const legacy = await createContent("ninety-seconds.mp3", { title: "From before" });
    const db = t.database.db;
    await db
      .update(resources)
      .set({ duration: "10:00", durationSeconds: 600, loudnessLufs: null, truePeak: null })
      .where(eq(resources.id, legacy._id));
    const [row] = await db.select().from(resources).where(eq(resources.id, legacy._id));
    await db
      .update(mediaFiles)
      .set({ measuredAt: null, durationSeconds: null })
      .where(eq(mediaFiles.key, row!.audioKey!));
    // A content whose audio file is gone.
    const gone = await createContent("tone.mp3", { title: "File gone" });
    await db
      .update(resources)
      .set({ audioKey: "audio/missing-file-aaaaaaaaaaaa.mp3", durationSeconds: null })
      .where(eq(resources.id, gone._id));

    expect((await t.app.jobs.runOnce()).audioMeasured).toBe(1);
    const measured = (await app(`/resources/${legacy._id}`)).json().data;
    expect(measured).toMatchObject({ duration: "1:30", durationSeconds: 90 });
    expect(measured.loudness).not.toBeNull();
    // Nothing left to measure: the missing file was recorded as tried.
    expect((await t.app.jobs.runOnce()).audioMeasured).toBe(0);
  });
});
