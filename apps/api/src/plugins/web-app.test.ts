import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

/** A stand-in for apps/web/build/client with the files the server relies on. */
function fakeWebBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-web-"));
  const write = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  };
  write("index.html", "<h1>home page</h1>");
  write("about/index.html", "<h1>about page</h1>");
  write("404/index.html", "<h1>not found page</h1>");
  write("__spa-fallback.html", "<div>spa shell</div>");
  write("assets/app-abc123.js", "console.log(1)");
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js.br"), zlib.brotliCompressSync("console.log(1)"));
  write("favicon.svg", "<svg/>");
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_BUILD_DIR: fakeWebBuild() });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("the web app on the API's port", () => {
  it("serves prerendered public pages", async () => {
    for (const [url, text] of [
      ["/", "home page"],
      ["/about", "about page"],
      ["/about/", "about page"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(text);
      expect(res.headers["content-type"]).toContain("text/html");
    }
  });

  it("serves the client-rendered shell for the back office, sign-in and checkout", async () => {
    for (const url of ["/admin", "/admin/users", "/md-login", "/checkout?email=a%40b.test"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("spa shell");
    }
  });

  it("serves hashed assets with immutable caching and other files with revalidation", async () => {
    const asset = await get("/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toContain("must-revalidate");
    expect(icon.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the pre-compressed copy to clients that accept it", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe("console.log(1)");
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("answers unknown pages with the 404 page and status 404", async () => {
    for (const url of ["/no-such-page", "/admin/nope", "/assets/missing.js"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("not found page");
    }
  });

  it("answers unknown /api paths with the JSON envelope, not the page", async () => {
    const res = await get("/api/v1/user/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: "route_not_found" });
  });
});
