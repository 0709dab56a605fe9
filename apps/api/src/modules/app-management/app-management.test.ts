import fs from "node:fs";
import path from "node:path";
import { NO_APP_MESSAGE } from "@serene/contract";
import { describe, expect, it } from "vitest";
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
    expect(fs.existsSync(fileOf(image))).toBe(false);

    const read = (await call("GET", "/app-message", undefined, null)).json().data;
    expect(read).toMatchObject({ title: "New", message: "Updated", status: "inactive", image: newImage });

    const del = await call("POST", "/app-message/delete", { id: read._id });
    expect(del.json()).toEqual({ status: true, message: "Message Deleted" });
    expect(fs.existsSync(fileOf(newImage))).toBe(false);
    expect((await call("GET", "/app-message")).json().data).toEqual(NO_MESSAGE);
    expect((await call("POST", "/app-message/delete", { id: read._id })).statusCode).toBe(404);
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
    expect((await call("GET", "/app-version?os=ios", undefined, null)).json().data).toBeNull();
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
