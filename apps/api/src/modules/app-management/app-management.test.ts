import fs from "node:fs";
import path from "node:path";
import { NO_APP_MESSAGE } from "@serene/contract";
import { describe, expect, it, vi } from "vitest";
import { appMessages } from "../../db/schema/index.ts";
import { captureQueries } from "../../test-support/capture-queries.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

const t = useTestApp({ as: "admin" });

const call = t.call;
const fileOf = (url: string) => path.join(t.config.media.dir, new URL(url).pathname.replace("/media/", ""));

// What the spec's client reads when no message is set.
const NO_MESSAGE = NO_APP_MESSAGE;

describe("app message", () => {
  it("has null fields at first, is set with an image, updated in place, read by anyone, deleted", async () => {
    expect((await call("GET", "/app-message", undefined, null)).json()).toMatchObject({
      status: true,
      data: NO_MESSAGE,
    });
    const image = await uploadFixture(t.app, t.token, "cover.png");
    const set = await call("POST", "/app-message", {
      title: "Holiday hours",
      message: "We are here for you",
      status: "active",
      image,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: "Message Broadcasted",
      data: { title: "Holiday hours", status: "active", image },
    });

    const newImage = await uploadFixture(t.app, t.token, "cover.gif");
    const updated = await call("POST", "/app-message", {
      title: "New",
      message: "Updated",
      status: "inactive",
      image: newImage,
    });
    expect(updated.json().data._id).toBe(set.json().data._id);
    // Only an active message reaches the app: an inactive one is saved, not broadcast.
    expect(updated.json().message).toBe("Message saved");
    expect(fs.existsSync(fileOf(image))).toBe(false);

    const read = (await call("GET", "/app-message", undefined, null)).json().data;
    expect(read).toMatchObject({ title: "New", message: "Updated", status: "inactive", image: newImage });

    const del = await call("POST", "/app-message/delete", { id: read._id });
    expect(del.json()).toEqual({ status: true, message: "Message Deleted" });
    expect(fs.existsSync(fileOf(newImage))).toBe(false);
    expect((await call("GET", "/app-message")).json().data).toEqual(NO_MESSAGE);
    expect((await call("POST", "/app-message/delete", { id: read._id })).statusCode).toBe(404);
  });

  it("is read from the database once, then kept until the database says it changed", async () => {
    const read = async () => (await call("GET", "/app-message", undefined, null)).json().data;
    const queries = async () =>
      (await captureQueries(read)).filter((q) => /"app_messages"/.test(q.text)).length;
    await read();
    expect(await queries()).toBe(0);
    // Written by another instance (here straight to the database): the next read shows it.
    await t.database.db
      .insert(appMessages)
      .values({ title: "Elsewhere", message: "Set on another instance" });
    expect(await read()).toMatchObject({ title: "Elsewhere", message: "Set on another instance" });
    // (PostgreSQL: each connection listening hears the notice, some a moment later: kept once they did.)
    await vi.waitFor(async () => expect(await queries()).toBe(0));
    await t.database.db.delete(appMessages);
    expect(await read()).toEqual(NO_MESSAGE);
  });

  it("validates title, message and status", async () => {
    const res = await call("POST", "/app-message", { title: "", message: "x".repeat(1001), status: "maybe" });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["message", "status", "title"]);
  });
});

describe("app versions", () => {
  it("publishes per device, answers the current one and keeps the history", async () => {
    // Nothing published: the object with empty fields, as the spec's Manage App page reads `data.v_code`.
    const none = (await call("GET", "/app-version?os=ios", undefined, null)).json().data;
    expect(none).toEqual({ device: "ios", v_code: "", v_name: "", updated_at: null });
    const first = await call("POST", "/app-version", { device: "android", v_code: "41", v_name: "2.3.0" });
    expect(first.json()).toMatchObject({
      message: "Android App Updated",
      data: { device: "android", v_code: "41", v_name: "2.3.0" },
    });
    await new Promise((r) => setTimeout(r, 5));
    // The spec's client may send the code as a number: it is kept as the same string.
    await call("POST", "/app-version", { device: "android", v_code: 42, v_name: "2.4.0" });
    const ios = await call("POST", "/app-version", { device: "ios", v_code: "7", v_name: "2.4.0" });
    expect(ios.json().message).toBe("iOS App Updated");

    const current = (await call("GET", "/app-version?os=android", undefined, null)).json().data;
    expect(current).toMatchObject({ v_code: "42", v_name: "2.4.0" });
    expect(new Date(current.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const history = (await call("GET", "/app-version/history?os=android")).json().data;
    expect(history.map((v: { v_code: string }) => v.v_code)).toEqual(["42", "41"]);
    expect(
      (await call("POST", "/app-version", { device: "ios", v_code: -1, v_name: "2.4.0" })).statusCode,
    ).toBe(400);
  });

  it("validates device, code and name", async () => {
    expect((await call("GET", "/app-version?os=windows", undefined, null)).statusCode).toBe(400);
    const res = await call("POST", "/app-version", { device: "symbian", v_code: "4.2", v_name: "two" });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["device", "v_code", "v_name"]);
  });
});

describe("app config and version checks", () => {
  it("refuses a lower or renamed current v_code, accepts the current one again without a change", async () => {
    await call("POST", "/app-version", { device: "android", v_code: "100", v_name: "3.0.0" });
    const lower = await call("POST", "/app-version", { device: "android", v_code: "99", v_name: "3.1.0" });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      code: "version_not_newer",
      message: expect.stringContaining("lower"),
    });
    const renamed = await call("POST", "/app-version", { device: "android", v_code: "100", v_name: "3.0.1" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe("version_not_newer");
    const before = (await call("GET", "/app-version/history?os=android")).json().data.length;
    const again = await call("POST", "/app-version", { device: "android", v_code: "100", v_name: "3.0.0" });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ device: "android", v_code: "100", v_name: "3.0.0" });
    expect((await call("GET", "/app-version/history?os=android")).json().data).toHaveLength(before);
  });

  it("answers the update status by the minimum supported and latest versions, and the active message", async () => {
    const put = (platform: string, payload: object, headers = bearer(t.token)) =>
      t.app.inject({ method: "PUT", url: `/api/v1/user/app-config/${platform}`, payload, headers });
    const saved = await put("android", {
      minSupported: "90",
      storeUrl: "https://play.google.com/store/apps/details?id=app.serene",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      platform: "android",
      minSupported: "90",
      storeUrl: "https://play.google.com/store/apps/details?id=app.serene",
      latest: { v_code: "100", v_name: "3.0.0" },
    });
    expect((await put("android", { minSupported: "x", storeUrl: null })).json().errors[0].field).toBe(
      "minSupported",
    );
    const listener = bearer(await login(t.app, (await buildUser(t.database.db)).email));
    expect((await put("android", { minSupported: null, storeUrl: null }, listener)).statusCode).toBe(403);

    const config = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/v1/app/config?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await config("platform=android&v_code=89")).update).toEqual({
      status: "required",
      latest: { v_code: "100", v_name: "3.0.0" },
      minSupported: { v_code: "90" },
      storeUrl: "https://play.google.com/store/apps/details?id=app.serene",
    });
    expect((await config("platform=android&v_code=90")).update.status).toBe("optional");
    expect((await config("platform=android&v_code=100")).update.status).toBe("none");
    expect((await config("platform=ios&v_code=1")).update).toMatchObject({
      status: "optional",
      minSupported: null,
    });
    const current = (await call("GET", "/app-message", undefined, null)).json().data;
    const message = (await config("platform=ios&v_code=1")).message;
    expect(message).toEqual(
      current?.status === "active" ? expect.objectContaining({ _id: current._id }) : null,
    );
    const bad = await t.app.inject({ method: "GET", url: "/api/v1/app/config?platform=web&v_code=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("platform");
    const list = (await call("GET", "/app-config")).json().data;
    expect(list.map((c: { platform: string }) => c.platform)).toEqual(["android", "ios"]);
  });
});
