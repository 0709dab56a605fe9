import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildResource } from "../../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { fixture, multipartFile } from "../../test-support/multipart.ts";
import { nginxMissing, startNginx } from "../../test-support/nginx.ts";

// CI installs nginx, and there its absence fails the test; elsewhere it runs when nginx is there.
const available = nginxMissing() === null || Boolean(process.env.CI);

describe.runIf(available)("production setup: nginx serves the media files (deploy/nginx/serene.conf)", () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", MEDIA_ACCEL_REDIRECT: "/_serene_media/" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    fs.mkdirSync(t.config.media.dir, { recursive: true });
    nginx = await startNginx(t.config.dataDir, port);
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

  it("paid audio: nginx checks a stream link itself and sends the bytes with Range and no public caching; anything else asks the app", async () => {
    const url = await uploadThroughNginx("tone.mp3", "audio/mpeg");
    const audioKey = new URL(url).pathname.replace("/media/", "");
    const paid = await buildResource(t.database.db, { paymentType: "paid", audioKey });
    const plain = await fetch(url);
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { code: string }).code).toBe("forbidden");

    const listener = await buildUser(t.database.db, { paidUntil: new Date(Date.now() + 24 * 3600_000) });
    const listenerToken = await login(t.app, listener.email);
    const grant = await fetch(`${nginx.base}/api/v1/app/resources/${paid.id}/stream`, {
      method: "POST",
      headers: bearer(listenerToken),
    });
    expect(grant.status).toBe(200);
    const stream = ((await grant.json()) as { data: { url: string } }).data.url;
    expect(stream.startsWith(`${nginx.base}/media/${audioKey}?`)).toBe(true);
    let audioAsked = 0;
    t.app.server.on("request", (req: http.IncomingMessage) => {
      if (req.url?.startsWith("/media/audio/")) audioAsked++;
    });
    const part = await fetch(stream, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("server")).toMatch(/nginx/);
    expect(part.headers.get("x-accel-redirect")).toBeNull();
    expect(part.headers.get("content-type")).toBe("audio/mpeg");
    expect(part.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await part.arrayBuffer()).equals(fixture("tone.mp3").subarray(10, 20))).toBe(true);
    expect(audioAsked).toBe(0); // nginx answered alone

    // A link nginx cannot vouch for goes to the app, which refuses it in its JSON.
    const query = new URL(stream).searchParams;
    const sig = query.get("sig")!;
    const tampered = `${nginx.base}/media/${audioKey}?exp=${query.get("exp")}&sig=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const expired = `${nginx.base}/media/${audioKey}?exp=${Math.floor(Date.now() / 1000) - 1}&sig=${sig}`;
    for (const refused of [tampered, expired, `${stream}x`]) {
      const res = await fetch(refused);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("forbidden");
    }
    expect(audioAsked).toBe(3);
    // An admin plays it with the session: the app authorises, nginx sends (X-Accel-Redirect).
    const staff = await fetch(url, { headers: { ...bearer(token), range: "bytes=0-9" } });
    expect(staff.status).toBe(206);
    expect(audioAsked).toBe(4);
    expect(staff.headers.get("x-accel-redirect")).toBeNull();
    expect(staff.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await staff.arrayBuffer()).equals(fixture("tone.mp3").subarray(0, 10))).toBe(true);
    // The internal locations are not reachable from outside.
    for (const internal of ["_serene_media", "_serene_stream"])
      expect((await fetch(`${nginx.base}/${internal}/${audioKey}`)).status).toBe(404);
  });

  it("never serves temporary upload files", async () => {
    const temp = path.join(t.config.media.dir, ".tmp");
    fs.mkdirSync(temp, { recursive: true });
    fs.writeFileSync(path.join(temp, "half.part"), "partial");
    const hidden = await fetch(`${nginx.base}/media/.tmp/half.part`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("cache-control")).toBe("no-store");
  });

  it("caches media for a year only when it exists: a 404 or 403 is not cached, a 304 keeps the year", async () => {
    const missing = await fetch(`${nginx.base}/media/images/not-there.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    fs.mkdirSync(path.join(t.config.media.dir, "images"), { recursive: true });
    const listing = await fetch(`${nginx.base}/media/images/`);
    expect(listing.status).toBe(403);
    expect(listing.headers.get("cache-control")).toBe("no-store");

    const url = await uploadThroughNginx("cover.png", "image/png");
    const etag = (await fetch(url)).headers.get("etag");
    const again = await fetch(url, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a body over nginx's limit in the JSON envelope (413 payload_too_large)", async () => {
    // nginx refuses on the declared length, before reading the body: no need to send 310 MB.
    const { port } = new URL(nginx.base);
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/v1/user/upload",
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": 400 * 1024 * 1024 },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body }),
          );
        },
      );
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ status: false, code: "payload_too_large" });
  });
});

describe.runIf(available)("nginx passes the client's own address to the app, on every location", () => {
  let upstream: http.Server;
  let nginx: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    // Stands in for the app: answers the X-Forwarded-For header nginx sent it.
    upstream = http.createServer((req, res) => res.end(String(req.headers["x-forwarded-for"])));
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-nginx-data-"));
    nginx = await startNginx(dataDir, (upstream.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  // The last: a well-formed stream link nginx cannot check (no key file here) goes to the app.
  it.each([
    "/api/health",
    "/media/audio/any.mp3",
    `/media/audio/${"A".repeat(22)}.mp3?exp=${Math.floor(Date.now() / 1000) + 3600}&sig=x`,
  ])("%s: a forged X-Forwarded-For is replaced", async (p) => {
    const res = await fetch(`${nginx.base}${p}`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await res.text()).toBe("127.0.0.1");
  });
});
