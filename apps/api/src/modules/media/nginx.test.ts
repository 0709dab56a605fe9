import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { fixture, multipartFile } from "../../test-support/multipart.ts";
import { NGINX, startNginx } from "../../test-support/nginx.ts";

// CI installs nginx, and there its absence fails the test; elsewhere it runs when nginx is there.
const available = fs.existsSync(NGINX) || Boolean(process.env.CI);

describe.runIf(available)("production setup: nginx serves the media files (deploy/nginx/serene.conf)", () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    fs.mkdirSync(t.config.media.dir, { recursive: true });
    nginx = await startNginx(t.config.media.dir, port);
    token = await login(t.app, (await buildUser(t.database.db, { role: "admin" })).email);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  async function uploadThroughNginx(name: string, type: string) {
    const { payload, headers } = multipartFile(fixture(name), name, type);
    const res = await fetch(`${nginx.base}/api/v1/user/upload`, {
      method: "POST",
      body: payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { secure_url: string } }).data.secure_url;
  }

  it("proxies the API and uploads, and answers media URLs on nginx's address", async () => {
    expect((await fetch(`${nginx.base}/api/health`)).status).toBe(200);
    const url = await uploadThroughNginx("tone.mp3", "audio/mpeg");
    expect(url.startsWith(`${nginx.base}/media/audio/`)).toBe(true);
  });

  it("serves media itself with the right type, nosniff, a year of caching, and ranges", async () => {
    const url = await uploadThroughNginx("tone.mp3", "audio/mpeg");
    const tone = fixture("tone.mp3");
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("server")).toMatch(/nginx/);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await whole.arrayBuffer()).equals(tone)).toBe(true);

    const first = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(first.status).toBe(206);
    expect(Buffer.from(await first.arrayBuffer()).equals(tone.subarray(0, 10))).toBe(true);
    const suffix = await fetch(url, { headers: { range: "bytes=-100" } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(tone.subarray(tone.length - 100))).toBe(true);
    expect((await fetch(url, { headers: { range: `bytes=${tone.length + 5}-` } })).status).toBe(416);
  });

  it("never serves temporary upload files", async () => {
    const temp = path.join(t.config.media.dir, ".tmp");
    fs.mkdirSync(temp, { recursive: true });
    fs.writeFileSync(path.join(temp, "half.part"), "partial");
    expect((await fetch(`${nginx.base}/media/.tmp/half.part`)).status).toBe(404);
  });
});
