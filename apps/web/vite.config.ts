import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
// The contract's source, bundled with this file (Vite loads a config's packages as plain JavaScript).
import { prerenderedListenPagePaths } from "../../packages/contract/src/routes.ts";
import { defineConfig } from "vite";
import { directImports } from "./vite/direct-imports.ts";
import { listenServiceWorker } from "./vite/listen-service-worker.ts";
import { pageScripts } from "./vite/page-scripts.ts";

// In development the API runs separately (`npm start` at the root, port 3000).
const proxy = { "/api": "http://localhost:3000" };

/** What the bundler tells about a module while it cuts the output into files. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Whether a module matching `from` imports `id`, directly or through other modules (not lazily). */
function importedBy(id: string, ctx: ChunkingContext, from: RegExp): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (from.test(next.split("?")[0] ?? next)) return true;
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

// React's DOM renderer (58 KiB compressed) in a file of its own, beside the rest of what every page
// runs: two files of 40–60 KiB arrive sooner than one of 100 over connections still warming up
// (HTTP/1.1, six at a time, each starting slow); over HTTP/2 it costs one more request.
const reactDom = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const react = /[\\/]node_modules[\\/](react|react-router|cookie|set-cookie-parser)[\\/]/;
// The bundler's runtime, and the helper every lazy import goes through (left to the grouping
// below it would sit with the listener app, which other pages' lazy imports would then load).
const runtime = /^\0?(rolldown[:/]runtime|vite\/preload-helper)/;
const root = /[\\/]app[\\/]root\.tsx$/;
// The listener app's start (/listen): the route modules it matches, all a signed-out visitor runs
// there (the sign-in form; the signed-in frame's and the home's modules are thin, see lazy-page.tsx).
const listenStart = /[\\/]app[\\/]routes[\\/]listen[\\/](layout|app-layout|home)\.tsx$/;
// What the signed-in app opens on most beside that: its frame, its home and a content page.
const listenLanding =
  /[\\/]app[\\/](features[\\/]listen[\\/](shared[\\/]app-frame|catalogue[\\/]home-page)|routes[\\/]listen[\\/]content)\.tsx$/;
// Every page outside the listener app (the portal, the back office, the public pages).
const otherPages = /[\\/]app[\\/]routes[\\/](?!listen[\\/])/;
// The prerendered public pages (checkout and the deletion confirmation render in the browser).
const sitePages =
  /[\\/]app[\\/]routes[\\/]site[\\/](layout|home|business|about|resources|host|support|terms|privacy-policy|delete-account|not-found)\.tsx$/;

// What the listener app's service worker keeps for offline use: everything its pages can load.
const listenPages = /[\\/]app[\\/](root|entry\.client)\.tsx$|[\\/]app[\\/]routes[\\/]listen[\\/]/;
const serviceWorker = fileURLToPath(new URL("./app/features/listen/shared/listen-sw.js", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    pageScripts(),
    directImports(),
    listenServiceWorker({
      source: serviceWorker,
      entry: listenPages,
      prerendered: prerenderedListenPagePaths,
    }),
  ],
  server: { proxy },
  preview: { proxy },
  // The browser's files only: the prerendering build must keep each page's own styles.
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            // Left to itself the bundler cuts the browser-rendered pages into a hundred files of a
            // kilobyte or two (one per set of pages sharing them), and a phone on a slow network waits
            // a round trip for every few of them. Instead: what every such page runs (React, the
            // router, the bundler's runtime, the root's code, and what the public pages share with
            // the listener app) in two files (React's DOM renderer, the rest); then what the listener
            // app opens on and other pages (the portal, the back office) import too, such as Mantine's
            // common components and TanStack Query, in `shared`; then one file per stage of the
            // listener app, which no other page loads: what its start needs signed out (the sign-in
            // form) in `listen`, and what its signed-in frame, home and content page add in
            // `listen-app` (the other listener pages and the back office add what they need beside
            // them). The public pages are static HTML with their own page scripts: none of this
            // reaches them, nor do the listener app's styles.
            codeSplitting: {
              groups: [
                {
                  name: (id) => (reactDom.test(id) ? "react-dom" : null),
                  debugName: "react-dom",
                  priority: 4,
                },
                {
                  name: (id, ctx) =>
                    react.test(id) ||
                    runtime.test(id) ||
                    importedBy(id, ctx, root) ||
                    (importedBy(id, ctx, sitePages) &&
                      (importedBy(id, ctx, listenStart) || importedBy(id, ctx, listenLanding)))
                      ? "app"
                      : null,
                  debugName: "app",
                  priority: 3,
                },
                {
                  name: (id, ctx) =>
                    (importedBy(id, ctx, listenStart) || importedBy(id, ctx, listenLanding)) &&
                    importedBy(id, ctx, otherPages)
                      ? "shared"
                      : null,
                  debugName: "shared",
                  priority: 2,
                },
                {
                  name: (id, ctx) => (importedBy(id, ctx, listenStart) ? "listen" : null),
                  debugName: "listen",
                  priority: 1,
                },
                {
                  name: (id, ctx) => (importedBy(id, ctx, listenLanding) ? "listen-app" : null),
                  debugName: "listen-app",
                  priority: 0,
                },
              ],
            },
          },
        },
      },
}));
