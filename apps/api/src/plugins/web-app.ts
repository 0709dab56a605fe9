import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { clientPagePaths, notFoundPagePath, publicPagePaths } from "@serene/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiNotFound } from "./error-handler.ts";
import type { App } from "./types.ts";

const SPA_FALLBACK = "__spa-fallback.html";

function pageFile(pagePath: string) {
  return pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
}

/**
 * Serves the built web app on the API's port: prerendered public pages, the client-rendered
 * back office, hashed assets with long caching, the 404 page for unknown paths, and the
 * JSON 404 envelope for unknown /api paths.
 */
export async function registerWebApp(app: App, { buildDir }: { buildDir: string }) {
  const built = fs.existsSync(path.join(buildDir, SPA_FALLBACK));
  if (!built) {
    app.log.warn({ buildDir }, "web app is not built: only the API is served (run `npm run build`)");
    app.setNotFoundHandler(apiNotFound);
    return;
  }
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
        reply.header(
          "Cache-Control",
          hashed ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        );
      },
    });
    const page = (file: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header("Cache-Control", "no-cache").sendFile(file);
    for (const p of publicPagePaths) web.get(p, page(pageFile(p)));
    for (const p of clientPagePaths) web.get(p, page(SPA_FALLBACK));
  });

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith("/api/") ||
      request.url === "/api" ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return apiNotFound(request, reply);
    }
    return reply
      .status(404)
      .header("Cache-Control", "no-cache")
      .sendFile(pageFile(notFoundPagePath), buildDir);
  });
}
