import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema/index.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;
const fileOf = (url: string) => path.join(t.config.media.dir, new URL(url).pathname.replace("/media/", ""));

async function createInterest(name: string, position = 1) {
  const icon = await uploadFixture(t.app, t.token, "cover.png");
  const res = await call("POST", "/interest", { name, icon, position });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("interests", () => {
  it("creates, lists by position, updates and records each write", async () => {
    const sleep = await createInterest("Sleep", 2);
    const calm = await createInterest("Remain calm", 1);
    expect(sleep).toMatchObject({ name: "Sleep", position: 2, resourceCount: 0 });
    expect(sleep.icon).toMatch(/\/media\/image\/.+\.png$/);

    const list = await call("GET", "/interests");
    expect(list.json().data.map((i: { name: string }) => i.name)).toEqual(["Remain calm", "Sleep"]);

    const oldIcon = fileOf(sleep.icon);
    const newIcon = await uploadFixture(t.app, t.token, "cover.gif");
    const updated = await call("PUT", `/interest/${sleep._id}`, {
      name: "Deep sleep",
      // Typed into a field: a digit string is taken as the number.
      position: "3",
      icon: newIcon,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: "Deep sleep", position: 3, icon: newIcon });
    // The replaced icon is gone from disk.
    expect(fs.existsSync(oldIcon)).toBe(false);
    expect(fs.existsSync(fileOf(newIcon))).toBe(true);

    const log = await t.database.db.select().from(activityLog);
    expect(log.filter((l) => l.entityType === "interest").map((l) => [l.action, l.actorId])).toEqual(
      expect.arrayContaining([
        ["interest.create", t.user.id],
        ["interest.update", t.user.id],
      ]),
    );
    expect(calm._id).toBeTruthy();
  });

  it("refuses duplicate names whatever their case (409) and bad positions (400)", async () => {
    await createInterest("Anxiety");
    const icon = await uploadFixture(t.app, t.token, "cover.png");
    const dup = await call("POST", "/interest", { name: "  aNXIETY ", icon, position: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "conflict", errors: [{ field: "name" }] });
    for (const position of [0, -1, 1.5, "two"]) {
      const bad = await call("POST", "/interest", { name: `Focus ${position}`, icon, position });
      expect(bad.statusCode, String(position)).toBe(400);
      expect(bad.json().errors[0].field).toBe("position");
    }
  });

  it("takes only icons uploaded to this server, as images", async () => {
    const outside = await call("POST", "/interest", {
      name: "Outside",
      icon: "https://evil.example/x.png",
      position: 1,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe("icon: must be a file uploaded to this server");
    const audio = await uploadFixture(t.app, t.token, "tone.mp3");
    const wrongKind = await call("POST", "/interest", { name: "Audio icon", icon: audio, position: 1 });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe("icon: must be an image");
  });

  it("deleting keeps its contents, uncategorised, and says how many; removes the icon", async () => {
    const interest = await createInterest("Outgoing");
    const image = await uploadFixture(t.app, t.token, "cover.jpg");
    const audio = await uploadFixture(t.app, t.token, "tone.mp3");
    const created = await call("POST", "/resources", {
      title: "Morning walk",
      moodType: "happy",
      userID: t.user.id,
      interestID: interest._id,
      image,
      resourceUrl: audio,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await call("GET", "/interests")).json().data.find((i: { _id: string }) => i._id === interest._id)
        .resourceCount,
    ).toBe(1);

    const res = await call("POST", "/interest/delete", { id: interest._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: "User interests deleted",
      data: { uncategorisedResources: 1 },
    });
    expect(fs.existsSync(fileOf(interest.icon))).toBe(false);
    const resource = await call("GET", `/resources/${created.json().data._id}`);
    expect(resource.json().data).toMatchObject({
      title: "Morning walk",
      interestID: null,
      interestName: null,
    });
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    const unknown = "7d1c1c1e-0000-4000-8000-000000000000";
    expect((await call("POST", "/interest/delete", { id: unknown })).statusCode).toBe(404);
    expect((await call("PUT", `/interest/${unknown}`, { name: "x" })).statusCode).toBe(404);
    const bad = await call("POST", "/interest/delete", { id: "not-an-id" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: "id", message: "must be a valid id" });
  });
});
