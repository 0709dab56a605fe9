import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { multipartFile } from "../../test-support/multipart.ts";
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, variantKeysOf } from "./image-variants.ts";
import { createMedia } from "./media.service.ts";

const t = useTestApp({ as: "admin" });

/** A PNG of this size: 2,000 × 1,000 as a large cover would be. */
const png = (width = 2000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: "#3f6f64" } })
    .png()
    .toBuffer();

async function upload(file: Buffer, token = t.token, url = "/api/v1/user/upload?kind=image") {
  const { payload, headers } = multipartFile(file, "cover.png", "image/png");
  const res = await t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { secure_url: string; key: string };
}
const get = (key: string) => t.app.inject({ method: "GET", url: `/media/${key}` });
const api = (method: "POST" | "PUT" | "PATCH", url: string, payload: object, token = t.token) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(token) });

describe("cover variants", () => {
  it("an uploaded PNG is also stored as AVIF and WebP at 320, 640 and 1280 px, served with their types", async () => {
    const { key, secure_url } = await upload(await png());
    // The API's answer is the original, as before.
    expect(key).toMatch(/^image\/[\w-]{22}\.png$/);
    expect(new URL(secure_url).pathname).toBe(`/media/${key}`);
    const stem = key.slice(0, -".png".length);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      for (const format of IMAGE_VARIANT_FORMATS) {
        const res = await get(`${stem}.w${width}.${format}`);
        expect(res.statusCode, `${width} ${format}`).toBe(200);
        expect(res.headers["content-type"]).toBe(`image/${format}`);
        expect(res.headers["cache-control"]).toContain("immutable");
        const meta = await sharp(res.rawPayload).metadata();
        // sharp names AVIF's container "heif".
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width / 2);
      }
    }
    // Not a size we make: not served.
    expect((await get(`${stem}.w999.webp`)).statusCode).toBe(404);
  });

  it("a small image is never enlarged: its variants keep its own width", async () => {
    const { key } = await upload(await png(200, 100));
    for (const variant of variantKeysOf(key)) {
      const meta = await sharp((await get(variant)).rawPayload).metadata();
      expect(meta.width).toBe(200);
    }
  });

  it("a variant is not an upload: no row may point at one, not even an admin's", async () => {
    const { key, secure_url } = await upload(await png());
    const variantUrl = secure_url.replace(/\.png$/, ".w320.webp");
    expect((await get(variantKeysOf(key)[0]!)).statusCode).toBe(200);
    const res = await api("POST", "/user/interest", { name: "Variant icon", icon: variantUrl, position: 9 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: "icon", message: "must be a file uploaded to this server" }]);
    // A listener's own upload (POST /app/uploads) gets its variants too, and its variant is refused too.
    const listener = await buildUser(t.database.db);
    const token = await login(t.app, listener.email);
    const own = await upload(await png(), token, "/api/v1/app/uploads?kind=image");
    expect((await get(variantKeysOf(own.key)[5]!)).statusCode).toBe(200);
    const picture = await api(
      "PATCH",
      "/app/me",
      { image: own.secure_url.replace(/\.png$/, ".w640.avif") },
      token,
    );
    expect(picture.statusCode, picture.body).toBe(400);
  });

  it("when the file goes, its variants go with it", async () => {
    const first = await upload(await png());
    const created = await api("POST", "/user/interest", {
      name: "Calm icon",
      icon: first.secure_url,
      position: 8,
    });
    expect(created.statusCode, created.body).toBe(200);
    const second = await upload(await png());
    const id = created.json().data._id as string;
    // Replaced: nothing uses the first icon any more, so it and its six variants are removed.
    expect((await api("PUT", `/user/interest/${id}`, { icon: second.secure_url })).statusCode).toBe(200);
    expect((await get(first.key)).statusCode).toBe(404);
    for (const variant of variantKeysOf(first.key)) expect((await get(variant)).statusCode).toBe(404);
    for (const variant of variantKeysOf(second.key)) expect((await get(variant)).statusCode).toBe(200);
  });

  it("the orphan sweep keeps a used image's variants and removes an abandoned one's with it", async () => {
    const { media } = createMedia(t.config, t.database.db, { warn: () => {} });
    const used = await upload(await png(800, 400));
    const icon = await api("POST", "/user/interest", {
      name: "Swept icon",
      icon: used.secure_url,
      position: 7,
    });
    expect(icon.statusCode, icon.body).toBe(200);
    const abandoned = await upload(await png(800, 400));
    // Both two days old: past the grace period.
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const key of [used.key, abandoned.key].flatMap((k) => [k, ...variantKeysOf(k)])) {
      fs.utimesSync(path.join(t.config.media.dir, key), old, old);
    }
    await media.sweepOrphans();
    for (const key of [used.key, ...variantKeysOf(used.key)])
      expect((await get(key)).statusCode, key).toBe(200);
    for (const key of [abandoned.key, ...variantKeysOf(abandoned.key)]) {
      expect((await get(key)).statusCode, key).toBe(404);
    }
  });

  it("an image stored before variants existed gets them from the jobs, once; one that does not decode is left alone", async () => {
    const { key } = await upload(await png(900, 450));
    for (const variant of variantKeysOf(key)) fs.rmSync(path.join(t.config.media.dir, variant));
    expect((await get(variantKeysOf(key)[0]!)).statusCode).toBe(404);

    expect((await t.app.jobs.runOnce()).imageVariantsRendered).toBe(1);
    for (const variant of variantKeysOf(key)) {
      const res = await get(variant);
      expect(res.statusCode, variant).toBe(200);
      expect(res.headers["content-type"]).toBe(`image/${variant.split(".").at(-1)}`);
    }
    expect((await sharp((await get(`${key.slice(0, -4)}.w640.avif`)).rawPayload).metadata()).width).toBe(640);
    expect((await t.app.jobs.runOnce()).imageVariantsRendered).toBe(0);

    // Bytes that only look like a PNG: warned about once, not rendered again and again.
    const broken = "image/AAAAAAAAAAAAAAAAAAAAAA.png";
    fs.writeFileSync(path.join(t.config.media.dir, broken), Buffer.from("\x89PNG\r\n\x1a\nnot pixels"));
    const warnings: unknown[] = [];
    const { media } = createMedia(t.config, t.database.db, {
      warn: (...args: unknown[]) => warnings.push(args),
    });
    try {
      expect(await media.renderMissingVariants()).toBe(0);
      expect(await media.renderMissingVariants()).toBe(0);
      expect(warnings).toHaveLength(1);
      for (const variant of variantKeysOf(broken)) expect((await get(variant)).statusCode).toBe(404);
    } finally {
      fs.rmSync(path.join(t.config.media.dir, broken));
    }
  });
});
