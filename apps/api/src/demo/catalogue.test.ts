import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia } from "../modules/media/index.ts";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import { DEMO_INTERESTS, DEMO_SERIES, seedDemoData } from "./catalogue.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
});
afterAll(() => t.close());

const quiet = { warn: () => {} };

describe("demo data", () => {
  it("fills an empty catalogue with the ten topics and a dozen playable contents, once", async () => {
    const { media } = createMedia(t.config, t.database.db, quiet);
    expect(await seedDemoData(t.database.db, media)).toBe(true);
    expect(await seedDemoData(t.database.db, media)).toBe(false);

    const interests = (
      await t.app.inject({ method: "GET", url: "/api/v1/user/interests", headers: bearer(token) })
    ).json().data;
    expect(interests.map((i: { name: string }) => i.name)).toEqual(DEMO_INTERESTS.map(([name]) => name));
    expect(interests.every((i: { icon: string }) => i.icon.endsWith(".png"))).toBe(true);

    const list = (
      await t.app.inject({ method: "GET", url: "/api/v1/user/resources?limit=100", headers: bearer(token) })
    ).json();
    expect(list.meta.total).toBe(12);
    const resources = list.data as {
      moodType: string;
      paymentType: string;
      interestID: string;
      duration: string;
      resourceUrl: string;
      image: string;
    }[];
    expect(new Set(resources.map((r) => r.moodType))).toEqual(new Set(["happy", "sad", "angry"]));
    expect(new Set(resources.map((r) => r.paymentType))).toEqual(new Set(["paid", "free"]));
    expect(new Set(resources.map((r) => r.interestID)).size).toBeGreaterThanOrEqual(8);
    for (const r of resources) {
      expect(r.duration).toBe("0:15");
      for (const url of [r.resourceUrl, r.image]) {
        expect(
          fs.existsSync(path.join(t.config.media.dir, new URL(url).pathname.replace("/media/", ""))),
        ).toBe(true);
      }
    }
    const audio = await t.app.inject({
      method: "GET",
      url: new URL(resources[0]!.resourceUrl).pathname,
      headers: { range: "bytes=0-1" },
    });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");

    // A listener finds the demo series, its contents in their order, starting with the first.
    const listener = await login(t.app, (await buildUser(t.database.db)).email);
    const app = (url: string) =>
      t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(listener) }).then((r) => r.json());
    const shelf = (await app("/app/series")).data as { _id: string; title: string; itemCount: number }[];
    expect(shelf.map((s) => [s.title, s.itemCount])).toEqual(
      DEMO_SERIES.map((s) => [s.title, s.items.length]),
    );
    const one = (await app(`/app/series/${shelf[0]!._id}`)).data;
    expect(one.items.map((i: { title: string }) => i.title)).toEqual(DEMO_SERIES[0]!.items);
    expect(one.next.title).toBe(DEMO_SERIES[0]!.items[0]);
    expect(one.image).toMatch(/\/media\/image\//);
  });
});
