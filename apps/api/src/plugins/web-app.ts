import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  clientPagePaths,
  listenPageHead,
  listenSignInPath,
  notFoundPagePath,
  portalPagePaths,
  prerenderedListenPagePaths,
  publicPagePaths,
  SIGNED_IN_COOKIE,
} from "@serene/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { acceptedEncoding } from "../lib/compression.ts";
import { apiNotFound, isApiPath } from "./error-handler.ts";
import type { App } from "./types.ts";
import { matchRoutes, paintFirst, readRouterManifest, shellWithPreloads } from "./web-route-preloads.ts";
import { type PreparedPage, preparePage, prepareSitePages, type SiteLinks } from "./web-site-config.ts";

const SPA_FALLBACK = "__spa-fallback.html";
/** Browser-rendered pages with HTML of their own: the listener's sign-in, the portal's sections' first paint. */
const prerenderedClientPagePaths = [...prerenderedListenPagePaths, ...portalPagePaths];
const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

// The listener app's routes (apps/web/app/routes.ts), by the ids the router's manifest gives them.
const LISTEN_LAYOUT = "routes/listen/layout";
const LISTEN_SIGNED_IN = "routes/listen/app-layout";
const LISTEN_NOT_FOUND = "routes/listen/not-found";

/** The shell of a page, with the /listen pages' own head (manifest, theme colour, noindex). */
function pageShell(shell: string, routes: { id: string }[] | undefined): string {
  if (!routes?.some((route) => route.id === LISTEN_LAYOUT)) return shell;
  const head = shell.indexOf("</head>");
  return head === -1 ? shell : shell.slice(0, head) + listenPageHead + shell.slice(head);
}

function pageFile(pagePath: string) {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/** The Content-Security-Policy of each page held in memory, worked out on its first answer. */
const preparedCsp = new WeakMap<PreparedPage, string>();

/**
 * A page prepared in memory (see web-site-config.ts), in the encoding the client prefers, with its
 * CSP; `vary` names what else than the encoding its answer depends on (the signed-in hint).
 */
function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PreparedPage,
  vary = "Accept-Encoding",
) {
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  const etag = `"${page.etag}${encoding ? `-${encoding}` : ""}"`;
  let csp = preparedCsp.get(page);
  if (!csp) preparedCsp.set(page, (csp = request.server.pageCsp(page.identity.toString("utf8"))));
  reply
    .header("Content-Security-Policy", csp)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Cache-Control", PAGE_CACHE_CONTROL)
    .header("Vary", vary)
    .header("ETag", etag);
  if (reply.statusCode === 200 && request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
    return reply.status(304).send();
  }
  if (encoding) reply.header("Content-Encoding", encoding);
  return reply.send(encoding ? page[encoding] : page.identity);
}

/**
 * The handler of the browser-rendered pages: the shell (__spa-fallback.html) with the preloads of
 * the page's own code and styles (see web-route-preloads.ts), one copy per page kind, prepared on
 * its first request. A page prerendered to HTML (`prerendered`, its HTML by path: a listener page,
 * a portal section) is that HTML instead. Either way the code is asked for once the page has painted (paintFirst).
 * Undefined when the build has no router manifest to read: the shell is then sent as it is.
 */
async function clientShell(buildDir: string, shell: string, prerendered: Map<string, string>, app: App) {
  const manifest = await readRouterManifest(buildDir, shell);
  if (!manifest) {
    app.log.warn(
      { buildDir },
      "web build has no router manifest: browser-rendered pages load their code late",
    );
    return undefined;
  }
  // The prerendered HTML by the id of the route it renders (the page kind below).
  const prerenderedByRoute = new Map(
    [...prerendered].map(([pagePath, html]) => [matchRoutes(manifest, pagePath)?.at(-1)?.id ?? "", html]),
  );
  const pages = new Map<string, Promise<PreparedPage>>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const routes = matchRoutes(manifest, request.url.split("?")[0] ?? "/");
    const key = routes?.at(-1)?.id ?? "";
    // The listener's signed-in pages answer a signed-out visitor (the hint: modules/auth/session-cookie.ts)
    // without a shell that would ask the API for a profile only to hear 401: the app's start (/listen)
    // with its own prerendered HTML, the sign-in form (no redirect, the address kept); any other page
    // with the way to sign in and come back. A signed-in visitor gets the shell.
    const signedInPage = routes?.some((route) => route.id === LISTEN_SIGNED_IN) === true;
    const signedOut = signedInPage && !request.cookies[SIGNED_IN_COOKIE];
    const html = signedInPage && !signedOut ? undefined : prerenderedByRoute.get(key);
    if (signedOut && !html) {
      return reply.header("Cache-Control", "no-store").redirect(listenSignInPath(request.url), 302);
    }
    if (key === LISTEN_NOT_FOUND) reply.status(404);
    const pageKey = html ? `prerendered ${key}` : key;
    let page = pages.get(pageKey);
    if (!page) {
      page = preparePage(pageShell(paintFirst(html ?? shellWithPreloads(manifest, routes, shell)), routes));
      pages.set(pageKey, page);
    }
    return sendPrepared(request, reply, await page, signedInPage ? "Accept-Encoding, Cookie" : undefined);
  };
}

/**
 * Serves the built web app on the API's port: prerendered public pages, the client-rendered
 * back office, hashed assets with long caching, the 404 page for unknown paths, and the
 * JSON 404 envelope for unknown /api paths. Pages carry the configured support address and
 * store/demo links (`site`), put in at startup when they differ from the build's.
 */
async function webApp(app: App, { buildDir, site }: { buildDir: string; site: SiteLinks }) {
  const built = fs.existsSync(path.join(buildDir, SPA_FALLBACK));
  if (!built) {
    app.log.warn({ buildDir }, "web app is not built: only the API is served (run `npm run build`)");
    app.decorate("sitePageHtml", async () => undefined);
    app.setNotFoundHandler(apiNotFound);
    return;
  }
  const notFoundFile = pageFile(notFoundPagePath);
  const prerenderedFiles = prerenderedClientPagePaths.map(pageFile);
  const pageFiles = [...publicPagePaths.map(pageFile), notFoundFile, SPA_FALLBACK, ...prerenderedFiles];
  const prepared = await prepareSitePages(buildDir, pageFiles, site);
  if (prepared.kind === "prepared") {
    app.log.info({ fields: prepared.changed }, "web pages prepared with the configured site links");
  } else if (prepared.reason === "no-embedded-config") {
    app.log.warn({ buildDir }, "web build has no embedded site config: pages show the build's links");
  }
  const preparedPage = (file: string) =>
    prepared.kind === "prepared" ? prepared.pages.get(file) : undefined;
  /** A page's HTML: its copy prepared in memory, else the build's file; undefined when there is none. */
  const pageHtml = async (file: string) =>
    preparedPage(file)?.identity.toString("utf8") ??
    fs.promises.readFile(path.join(buildDir, file), "utf8").catch(() => undefined);
  // The CSP of each page file served as it is (its inline scripts allowed by their hashes).
  const fileCsp = new Map<string, string>();
  for (const file of pageFiles) {
    const html = preparedPage(file) ? undefined : await pageHtml(file);
    if (html !== undefined) fileCsp.set(file, app.pageCsp(html));
  }
  /** A page file of the build as it is, with its CSP. */
  const sendPageFile = (reply: FastifyReply, file: string) => {
    const csp = fileCsp.get(file);
    if (csp) reply.header("Content-Security-Policy", csp);
    return reply.sendFile(file, buildDir);
  };
  app.decorate("sitePageHtml", async (pagePath: string) =>
    (publicPagePaths as readonly string[]).includes(pagePath) ? pageHtml(pageFile(pagePath)) : undefined,
  );

  await app.register(async (web) => {
    web.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public" };
    });
    await web.register(fastifyStatic, {
      root: buildDir,
      wildcard: true,
      index: false,
      // The web build writes .br/.gz copies of every text file; send them to clients that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(buildDir, "assets") + path.sep);
        reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : PAGE_CACHE_CONTROL);
      },
    });
    const page = (file: string) => {
      const inMemory = preparedPage(file);
      return inMemory
        ? async (request: FastifyRequest, reply: FastifyReply) => sendPrepared(request, reply, inMemory)
        : async (_request: FastifyRequest, reply: FastifyReply) => sendPageFile(reply, file);
    };
    for (const p of publicPagePaths) web.get(p, page(pageFile(p)));
    const prerendered = new Map<string, string>();
    for (const p of prerenderedClientPagePaths) {
      const html = await pageHtml(pageFile(p));
      if (html) prerendered.set(p, html);
    }
    const shell = await clientShell(buildDir, (await pageHtml(SPA_FALLBACK)) ?? "", prerendered, app);
    for (const p of clientPagePaths) web.get(p, shell ?? page(SPA_FALLBACK));
    // The files' own paths too, so no copy with the build's links is handed out.
    for (const file of pageFiles) if (preparedPage(file)) web.get(`/${file}`, page(file));
  });

  const notFoundPage = preparedPage(notFoundFile);
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== "GET" && request.method !== "HEAD")) {
      return apiNotFound(request, reply);
    }
    reply.status(404);
    return notFoundPage ? sendPrepared(request, reply, notFoundPage) : sendPageFile(reply, notFoundFile);
  });
}

export const webAppPlugin = fp(webApp, {
  name: "serene-web-app",
  fastify: "5.x",
  // Its pages live in a context of their own, which takes both as it is created.
  dependencies: ["serene-error-handler", "serene-auth-guard", "serene-security-headers"],
});
