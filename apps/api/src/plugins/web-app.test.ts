import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { listenPageHead, portalPagePaths, SIGNED_IN_COOKIE } from "@serene/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSiteConfig, serializeSiteConfig } from "../../../web/app/features/site-config/site-config.ts";
import { buildApp } from "../app.ts";
import { repoRoot } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createTestApp, openTestDatabase, type TestApp, testConfig } from "../test-support/harness.ts";
import type { App } from "./types.ts";

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
  write(
    "__spa-fallback.html",
    '<html><head><link rel="modulepreload" href="/assets/manifest-f00d.js"/>' +
      '<link rel="modulepreload" href="/assets/root-1.js"/></head><body><div>spa shell</div></body></html>',
  );
  // The listener's sign-in page, prerendered with its first code named as the shell names it.
  write(
    "listen/signin/index.html",
    '<html><head><link rel="modulepreload" href="/assets/manifest-f00d.js"/>' +
      '<link rel="modulepreload" href="/assets/signin-1.js"/></head><body><h1>sign-in page</h1></body></html>',
  );
  // The app's start, prerendered as the sign-in form it shows a signed-out visitor.
  write(
    "listen/index.html",
    '<html><head><link rel="modulepreload" href="/assets/manifest-f00d.js"/>' +
      '<link rel="modulepreload" href="/assets/home-1.js"/></head><body><h1>start sign-in page</h1></body></html>',
  );
  // Each business portal section, prerendered with the portal's first paint.
  for (const section of portalPagePaths)
    write(
      `${section.slice(1)}/index.html`,
      '<html><head><link rel="modulepreload" href="/assets/manifest-f00d.js"/>' +
        `<link rel="modulepreload" href="/assets/portal-1.js"/></head><body><h1>first paint of ${section}</h1></body></html>`,
    );
  // The router's manifest, as React Router writes it: the shell names it.
  const route = (id: string, fields: object) => ({ id, module: `/assets/${id}-1.js`, ...fields });
  const manifest = {
    entry: { module: "/assets/entry-1.js", imports: ["/assets/react-1.js"] },
    routes: {
      root: route("root", { path: "", imports: ["/assets/react-1.js"] }),
      site: route("site", { parentId: "root" }),
      "not-found": route("not-found", { parentId: "site", path: "*" }),
      // The listener app's routes carry the ids the server knows them by (routes/listen/...).
      "routes/listen/layout": route("listen", {
        id: "routes/listen/layout",
        parentId: "root",
        path: "listen",
        css: ["/assets/listen-1.css"],
      }),
      signin: route("signin", { parentId: "routes/listen/layout", path: "signin" }),
      "routes/listen/app-layout": route("shell", {
        id: "routes/listen/app-layout",
        parentId: "routes/listen/layout",
        imports: ["/assets/mantine-1.js"],
      }),
      home: route("home", { parentId: "routes/listen/app-layout", index: true }),
      content: route("content", {
        parentId: "routes/listen/app-layout",
        path: "content/:id",
        imports: ["/assets/player-1.js"],
      }),
      signinLink: route("portal-signin", { parentId: "site", path: "business/portal/signin" }),
      portal: route("portal", { parentId: "root", path: "business/portal" }),
      ...Object.fromEntries(
        portalPagePaths.map((section) => {
          const sub = section.slice("/business/portal/".length);
          return [
            `portal ${section}`,
            route(`portal-${sub || "overview"}`, {
              parentId: "portal",
              ...(sub ? { path: sub } : { index: true }),
            }),
          ];
        }),
      ),
      "routes/listen/not-found": route("listen-not-found", {
        id: "routes/listen/not-found",
        parentId: "routes/listen/layout",
        path: "*",
      }),
    },
  };
  write("assets/manifest-f00d.js", `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
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

  it("serves the client-rendered shell for the back office, sign-in, checkout and the portal's sign-in link", async () => {
    for (const url of [
      "/admin",
      "/admin/users",
      "/md-login",
      "/checkout?email=a%40b.test",
      "/business/portal/signin?token=t",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("spa shell");
    }
  });

  it("serves each business portal section from its prerendered first paint, its code asked for once it has painted", async () => {
    for (const [url, section] of [
      ["/business/portal", "/business/portal"],
      ["/business/portal/seats?sort=invitedAt&dir=asc", "/business/portal/seats"],
      ["/business/portal/billing?business=b1&paid=2", "/business/portal/billing"],
      ["/business/portal/activity", "/business/portal/activity"],
      ["/business/portal/eligibility", "/business/portal/eligibility"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<h1>first paint of ${section}</h1>`);
      expect(res.body, url).not.toContain("spa shell");
      expect(res.body, url).not.toContain('<link rel="modulepreload"');
      expect(res.body, url).toContain('["/assets/manifest-f00d.js","/assets/portal-1.js"]');
    }
  });

  it("preloads the code and styles of the browser-rendered page asked for, and only those, its code once it has painted", async () => {
    const styles = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="style" href="([^"]+)"\/>/g)].map((m) => m[1]);
    const code = (html: string) =>
      JSON.parse(
        /<script>requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>\{for\(const href of (\[.*?\])\)/.exec(
          html,
        )?.[1] ?? "[]",
      ) as string[];
    const shell = ["/assets/manifest-f00d.js", "/assets/root-1.js"];
    const listen = ["/assets/entry-1.js", "/assets/react-1.js", "/assets/listen-1.js"];
    for (const [url, expected] of [
      [
        "/listen/content/abc?from=home",
        [
          ...listen,
          "/assets/shell-1.js",
          "/assets/mantine-1.js",
          "/assets/content-1.js",
          "/assets/player-1.js",
        ],
      ],
      ["/listen", [...listen, "/assets/shell-1.js", "/assets/mantine-1.js", "/assets/home-1.js"]],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": "br", cookie: `${SIGNED_IN_COOKIE}=1` },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe("br");
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain("spa shell");
      const head = html.slice(0, html.indexOf("</head>"));
      expect(styles(head), url).toEqual(["/assets/listen-1.css"]);
      // The code is named by a script after the page, which asks for it after the first frame.
      expect(html, url).not.toContain('<link rel="modulepreload"');
      expect(code(html).sort(), url).toEqual([...shell, ...expected].sort());
    }
  });

  it("serves the listener's sign-in page from its prerendered HTML, its code asked for once it has painted", async () => {
    for (const cookie of ["", `${SIGNED_IN_COOKIE}=1`]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/listen/signin?next=%2Flisten",
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<h1>sign-in page</h1>");
      expect(res.body).not.toContain("spa shell");
      expect(res.body.indexOf(listenPageHead)).toBeLessThan(res.body.indexOf("</head>"));
      // No preload in the head: its code is named by a script after the page, which adds the
      // preloads after the first frame.
      expect(res.body).not.toContain('<link rel="modulepreload"');
      const script = /<script>requestAnimationFrame\((.*?)<\/script><\/body>/.exec(res.body)?.[1];
      expect(script).toContain('["/assets/manifest-f00d.js","/assets/signin-1.js"]');
      expect(script).toContain('rel:"modulepreload"');
    }
  });

  it("sends a signed-out visitor of the listener's signed-in pages to sign in, before any page or API call", async () => {
    const res = await get("/listen/content/abc?from=home");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/listen/signin?next=%2Flisten%2Fcontent%2Fabc%3Ffrom%3Dhome");
    // The sign-in page itself, and the signed-in hint's holder, get the page.
    expect((await get("/listen/signin")).body).toContain("sign-in page");
    const signedIn = await t.app.inject({
      method: "GET",
      url: "/listen",
      headers: { cookie: `${SIGNED_IN_COOKIE}=1` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain("spa shell");
    expect(signedIn.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  it("answers a signed-out visitor of the app's start (/listen) with its prerendered sign-in form, no redirect", async () => {
    for (const url of ["/listen", "/listen/", "/listen?from=mail"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<h1>start sign-in page</h1>");
      expect(res.body, url).not.toContain("spa shell");
      // The same address answers the shell once signed in: caches keep the two apart.
      expect(res.headers.vary, url).toBe("Accept-Encoding, Cookie");
      expect(res.body.indexOf(listenPageHead), url).toBeLessThan(res.body.indexOf("</head>"));
      // Its code asked for once it has painted, as the sign-in page's.
      expect(res.body, url).not.toContain('<link rel="modulepreload"');
      expect(res.body, url).toContain('["/assets/manifest-f00d.js","/assets/home-1.js"]');
    }
  });

  it("answers an unknown /listen path with the app's shell and status 404, signed in or not", async () => {
    for (const cookie of ["", `${SIGNED_IN_COOKIE}=1`]) {
      const res = await t.app.inject({ method: "GET", url: "/listen/no/such/page", headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("spa shell");
      expect(res.body).toContain("/assets/listen-not-found-1.js");
    }
  });

  it("puts the listener app's manifest, theme colour and noindex in every /listen page's HTML, and only there", async () => {
    for (const url of ["/listen/signin", "/listen/no/such/page"]) {
      const html = (await get(url)).body;
      expect(html, url).toContain('<link rel="manifest" href="/listen.webmanifest"/>');
      expect(html, url).toContain('<meta name="theme-color" content="#1f6f6b"/>');
      expect(html, url).toContain('<meta name="robots" content="noindex"/>');
      expect(html.indexOf(listenPageHead), url).toBeLessThan(html.indexOf("</head>"));
    }
    expect((await get("/admin")).body).not.toContain("listen.webmanifest");
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
    for (const url of ["/no-such-page", "/admin/nope", "/business/portal/nope", "/assets/missing.js"]) {
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

  it("answers a missing media file with the 404 envelope, not a 500", async () => {
    for (const url of ["/media/a/b.mp3", "/media/audio/AAAAAAAAAAAAAAAAAAAAAA.mp3"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: "not_found", message: "Media file not found" });
    }
  });
});

/** A web build whose pages embed the web's default site config and show its links, as the real one does. */
function siteWebBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-web-site-"));
  const { supportEmail, appStoreUrl, playStoreUrl, demoBookingUrl } = defaultSiteConfig;
  const page = (file: string, body: string) => {
    const html =
      `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Serene</title></head><body>` +
      `<main>${body}</main><footer><a href="mailto:${supportEmail}">${supportEmail}</a>` +
      `<p>${"Breathe easy. ".repeat(100)}</p></footer>` +
      `<script type="application/json" id="site-config">${serializeSiteConfig(defaultSiteConfig)}</script>` +
      // An inline script of each page's own, as React Router's hydration data is.
      `<script>window.__page=${JSON.stringify(file)}</script></body></html>`;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), html);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(html));
  };
  page("index.html", "<h1>home page</h1>");
  page("support/index.html", `<h1>Support</h1><a href="mailto:${supportEmail}">${supportEmail}</a>`);
  page(
    "host/index.html",
    `<h1>Get Started</h1><a href="${appStoreUrl}">Download on the App Store</a>` +
      `<a href="${playStoreUrl}">Get it on Google Play</a>`,
  );
  page("business/index.html", `<h1>For Business</h1><a href="${demoBookingUrl}">Book a free demo</a>`);
  page("404/index.html", "<h1>not found page</h1>");
  page("__spa-fallback.html", "<div>spa shell</div>");
  return dir;
}

const realBuild = path.join(repoRoot(), "apps/web/build/client");
const builds: [string, () => string][] = [["a fixture build", siteWebBuild]];
if (fs.existsSync(path.join(realBuild, "__spa-fallback.html")))
  builds.push(["the web build", () => realBuild]);

const encodings = [
  { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
  { accept: "gzip, deflate", encoding: "gzip", decode: (body: Buffer) => zlib.gunzipSync(body) },
  { accept: "gzip, deflate, br", encoding: "br", decode: (body: Buffer) => zlib.brotliDecompressSync(body) },
] as const;

function embeddedConfig(html: string): unknown {
  const json = /<script type="application\/json" id="site-config">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? "null");
}

// The apps below only serve pages: they share one database, which outlives them.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function pagesApp(env: Record<string, string>): Promise<App> {
  const app = await buildApp({ config: testConfig(env), database: { ...database, close: async () => {} } });
  await app.ready();
  return app;
}

describe.each(builds)("site links on the pages of %s", (_name, buildDir) => {
  const dir = buildDir();

  describe("configured values that differ from the build's", () => {
    const configured = {
      supportEmail: "help+desk@calm.test",
      // An ampersand, quotes and a `<`: escaped in the HTML, and unable to end the JSON script.
      appStoreUrl: 'https://apps.apple.com/app/calm?x=1&y="2"&z=<b>',
      playStoreUrl: "https://play.google.com/store/apps/details?id=app.calm&hl=en",
      demoBookingUrl: "https://cal.example/calm/demo",
    };
    const inHtml = {
      supportEmail: "help+desk@calm.test",
      appStoreUrl: "https://apps.apple.com/app/calm?x=1&amp;y=&quot;2&quot;&amp;z=&lt;b&gt;",
      playStoreUrl: "https://play.google.com/store/apps/details?id=app.calm&amp;hl=en",
      demoBookingUrl: "https://cal.example/calm/demo",
    };
    let site: App;
    beforeAll(async () => {
      site = await pagesApp({
        WEB_BUILD_DIR: dir,
        SUPPORT_EMAIL: configured.supportEmail,
        APP_STORE_URL: configured.appStoreUrl,
        PLAY_STORE_URL: configured.playStoreUrl,
        DEMO_BOOKING_URL: configured.demoBookingUrl,
      });
    });
    afterAll(() => site.close());

    const fetchPage = async (url: string, accept?: string, method: "GET" | "HEAD" = "GET") =>
      site.inject({ method, url, headers: accept ? { "accept-encoding": accept } : {} });

    function expectConfigured(html: string, where: string) {
      expect(html, where).not.toContain(defaultSiteConfig.supportEmail);
      expect(html, where).not.toContain(defaultSiteConfig.appStoreUrl);
      expect(html, where).not.toContain(defaultSiteConfig.playStoreUrl);
      expect(embeddedConfig(html), where).toEqual({ ...defaultSiteConfig, ...configured });
      expect(html, where).toContain("z=\\u003cb>");
    }

    it("sends /support and /host with the configured values, plain, gzip and Brotli", async () => {
      for (const { accept, encoding, decode } of encodings) {
        const support = await fetchPage("/support", accept);
        const host = await fetchPage("/host", accept);
        for (const [url, res] of [
          ["/support", support],
          ["/host", host],
        ] as const) {
          const where = `${url} ${encoding ?? "identity"}`;
          expect(res.statusCode, where).toBe(200);
          expect(res.headers["content-type"], where).toBe("text/html; charset=utf-8");
          expect(res.headers["content-encoding"], where).toBe(encoding);
          expect(res.headers.vary, where).toMatch(/accept-encoding/i);
          expect(res.headers["cache-control"], where).toBe("public, max-age=0, must-revalidate");
          expectConfigured(decode(res.rawPayload).toString(), where);
        }
        const supportHtml = decode(support.rawPayload).toString();
        expect(supportHtml).toContain(`href="mailto:${inHtml.supportEmail}">${inHtml.supportEmail}</a>`);
        const hostHtml = decode(host.rawPayload).toString();
        expect(hostHtml).toContain(`href="${inHtml.appStoreUrl}"`);
        expect(hostHtml).toContain(`href="${inHtml.playStoreUrl}"`);
      }
    });

    it("replaces the demo link as a whole, though it contains the support address", async () => {
      const html = (await fetchPage("/business")).body;
      expect(html).toContain(`href="${inHtml.demoBookingUrl}"`);
      expect(html).not.toContain("?subject=Serene%20demo");
    });

    it("puts the values into the 404 page, the browser-rendered pages' shell and the files' own paths", async () => {
      const missing = await fetchPage("/no-such-page", "br");
      expect(missing.statusCode).toBe(404);
      expect(missing.headers["content-encoding"]).toBe("br");
      expectConfigured(zlib.brotliDecompressSync(missing.rawPayload).toString(), "404");
      for (const url of ["/checkout", "/admin", "/host/index.html", "/__spa-fallback.html"]) {
        const res = await fetchPage(url);
        expect(res.statusCode, url).toBe(200);
        expectConfigured(res.body, url);
      }
    });

    it("answers HEAD and revalidation", async () => {
      const head = await fetchPage("/host", "br", "HEAD");
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-encoding"]).toBe("br");
      expect(head.body).toBe("");
      const etag = head.headers.etag;
      expect(etag).toBeTruthy();
      const again = await site.inject({
        method: "GET",
        url: "/host",
        headers: { "accept-encoding": "br", "if-none-match": String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect((await fetchPage("/host", "gzip")).headers.etag).not.toBe(etag);
    });
  });

  describe("the build's own values", () => {
    let site: App;
    beforeAll(async () => {
      site = await pagesApp({ WEB_BUILD_DIR: dir });
    });
    afterAll(() => site.close());

    it("sends the files as they are", async () => {
      const variants = [
        { accept: undefined, suffix: "" },
        { accept: "gzip", suffix: ".gz" },
        { accept: "br", suffix: ".br" },
      ];
      for (const [url, file, status] of [
        ["/support", "support/index.html", 200],
        ["/host", "host/index.html", 200],
        ["/no-such-page", "404/index.html", 404],
      ] as const) {
        for (const { accept, suffix } of variants) {
          const res = await site.inject({
            method: "GET",
            url,
            headers: accept ? { "accept-encoding": accept } : {},
          });
          expect(res.statusCode, url).toBe(status);
          expect(
            res.rawPayload.equals(fs.readFileSync(path.join(dir, file + suffix))),
            `${url}${suffix}`,
          ).toBe(true);
        }
      }
    });
  });
});

describe.each(builds)("the Content-Security-Policy of the pages of %s", (_name, buildDir) => {
  const dir = buildDir();
  /** The sha256 sources of a page's runnable inline scripts (no src, no data type), worked out here. */
  const inlineHashes = (html: string) =>
    [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/src=|type="application\/(json|ld\+json)"/.test(attributes!))
      .map(([, , body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);

  it.each([
    ["the build's own values", {}],
    ["other configured values", { SUPPORT_EMAIL: "help@calm.test" }],
  ])("allows exactly the inline scripts each page ships, never 'unsafe-inline' (%s)", async (_what, env) => {
    const app = await pagesApp({ WEB_BUILD_DIR: dir, ...env });
    try {
      let checked = 0;
      for (const url of [
        "/",
        "/business",
        "/support",
        "/no-such-page",
        "/admin",
        "/md-login",
        "/listen/signin",
        "/listen",
      ]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.headers["content-type"], url).toContain("text/html");
        const csp = String(res.headers["content-security-policy"]);
        const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src "))!;
        expect(scriptSrc, url).not.toContain("unsafe-inline");
        const hashes = inlineHashes(res.body);
        for (const hash of hashes) expect(scriptSrc.split(" "), url).toContain(hash);
        checked += hashes.length;
      }
      expect(checked).toBeGreaterThanOrEqual(7);
      // Anything else (an API answer) runs no inline script at all.
      const api = await app.inject({ method: "GET", url: "/api/health" });
      expect(String(api.headers["content-security-policy"])).toContain("script-src 'self';");
    } finally {
      await app.close();
    }
  });
});
