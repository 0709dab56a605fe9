import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { buildApp } from "../../app.ts";
import { createTestApp, type TestApp, testConfig } from "../../test-support/harness.ts";
import { fixture, uploadFixture } from "../../test-support/multipart.ts";
import { variantKeysOf } from "./image-variants.ts";
import { createMedia } from "./media.service.ts";

/** A local S3-compatible server (speaks S3's HTTP API and checks SigV4 signatures). */
let s3: S3rver;
let t: TestApp;
let token: string;
let publicUrl: string;
let s3Env: Record<string, string>;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), "serene-s3-")),
    configureBuckets: [{ name: "serene-media", configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  publicUrl = `${endpoint}/serene-media`;
  s3Env = {
    S3_BUCKET: "serene-media",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: publicUrl,
  };
  t = await createTestApp(s3Env);
  token = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe("media on S3-compatible object storage", () => {
  it("uploads into the bucket and answers the bucket's public URL", async () => {
    const url = await uploadFixture(t.app, token, "tone.mp3");
    expect(url).toMatch(new RegExp(`^${publicUrl}/audio/[\\w-]{22}\\.mp3$`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(fixture("tone.mp3"))).toBe(true);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    // No temporary file stays behind on local disk.
    const temp = path.join(t.config.media.dir, ".tmp");
    expect(fs.existsSync(temp) ? fs.readdirSync(temp) : []).toEqual([]);
  });

  it("takes bucket URLs in contents and deletes the objects with them", async () => {
    const icon = await uploadFixture(t.app, token, "cover.png");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/interest",
      headers: bearer(token),
      payload: { name: "Bucketed", icon, position: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.icon).toBe(icon);
    const local = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/interest",
      headers: bearer(token),
      payload: { name: "Local", icon: icon.replace(publicUrl, "http://localhost/media"), position: 1 },
    });
    expect(local.statusCode).toBe(400);
    const gone = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/interest/delete",
      headers: bearer(token),
      payload: { id: created.json().data._id },
    });
    expect(gone.statusCode).toBe(200);
    expect((await fetch(icon)).status).toBe(404);
  });

  it("is shared by several instances: a file uploaded through one is used and removed through another", async () => {
    // Another instance: the same database and bucket, a data folder of its own (another host).
    const config = testConfig(s3Env);
    expect(config.dataDir).not.toBe(t.config.dataDir);
    const other = await buildApp({ config, database: { ...t.database, close: async () => {} } });
    try {
      const icon = await uploadFixture(t.app, token, "cover.png");
      const created = await other.inject({
        method: "POST",
        url: "/api/v1/user/interest",
        headers: bearer(token),
        payload: { name: "Shared bucket", icon, position: 1 },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.icon).toBe(icon);
      const gone = await other.inject({
        method: "POST",
        url: "/api/v1/user/interest/delete",
        headers: bearer(token),
        payload: { id: created.json().data._id },
      });
      expect(gone.statusCode).toBe(200);
      expect((await fetch(icon)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("gives an image stored before variants existed its variants in the bucket", async () => {
    const { storage, media } = createMedia(t.config, t.database.db, { warn: () => {} });
    const icon = await uploadFixture(t.app, token, "cover.png");
    const key = icon.slice(publicUrl.length + 1);
    for (const variant of variantKeysOf(key)) await storage.delete(variant);
    expect((await fetch(`${publicUrl}/${variantKeysOf(key)[0]}`)).status).toBe(404);

    expect(await media.renderMissingVariants()).toBe(1);
    for (const variant of variantKeysOf(key)) {
      const res = await fetch(`${publicUrl}/${variant}`);
      expect(res.status, variant).toBe(200);
      expect(res.headers.get("content-type")).toBe(`image/${variant.split(".").at(-1)}`);
    }
    expect(await media.renderMissingVariants()).toBe(0);
  });
});
