import fs from "node:fs/promises";
import path from "node:path";

/**
 * A page rendered in the browser starts from __spa-fallback.html, which names only the root's
 * code: the router then finds the page's route modules, loads them, and only their imports and
 * styles after that. Here the server reads the router's manifest (the build's
 * `assets/manifest-<hash>.js`) and puts the matched routes' files into the shell it sends for a
 * path (`<link rel="modulepreload">`, `<link rel="preload" as="style">`), so the browser fetches
 * all of the page's code at once, while it parses the HTML.
 */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

export interface RouterManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

const manifestScript = /\/assets\/manifest-[\w-]+\.js/;
const manifestPrefix = "window.__reactRouterManifest=";

/** The router's manifest named by the shell, when the build has one in the expected form. */
export async function readRouterManifest(
  buildDir: string,
  shell: string,
): Promise<RouterManifest | undefined> {
  const file = manifestScript.exec(shell)?.[0];
  if (!file) return undefined;
  const text = await fs.readFile(path.join(buildDir, file), "utf8").catch(() => undefined);
  if (!text?.startsWith(manifestPrefix)) return undefined;
  try {
    const manifest = JSON.parse(text.slice(manifestPrefix.length).replace(/;\s*$/, "")) as RouterManifest;
    return typeof manifest.routes === "object" && manifest.routes !== null ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** React Router's ranking, simplified: static segments over parameters over splats. */
function segmentScore(segment: string) {
  if (segment === "*") return 1;
  return segment.startsWith(":") ? 3 : 10;
}

/**
 * The routes (root first) that render `pathname`, as the router would match it; undefined when
 * none does. Parameters match any one segment, `*` the rest.
 */
export function matchRoutes(manifest: RouterManifest, pathname: string): ManifestRoute[] | undefined {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const segments = pathname.split("/").filter(Boolean);
  let best: { chain: ManifestRoute[]; score: number } | undefined;
  const visit = (route: ManifestRoute, rest: string[], chain: ManifestRoute[], score: number) => {
    const own = (route.path ?? "").split("/").filter(Boolean);
    let left = rest;
    let total = score + (route.index ? 2 : 0);
    for (const segment of own) {
      total += segmentScore(segment);
      if (segment === "*") {
        left = [];
        break;
      }
      const value = left[0];
      if (value === undefined) return;
      if (!segment.startsWith(":") && segment.toLowerCase() !== value.toLowerCase()) return;
      left = left.slice(1);
    }
    const here = [...chain, route];
    const kids = children.get(route.id) ?? [];
    if (left.length === 0 && (route.index || !kids.some((kid) => kid.index || !kid.path))) {
      if (!best || total > best.score) best = { chain: here, score: total };
    }
    if (route.index) return;
    for (const kid of kids) visit(kid, left, here, total);
  };
  for (const top of children.get(undefined) ?? []) visit(top, segments, [], 0);
  return best?.chain;
}

/** The preload links of the routes' code and styles that the shell does not name already. */
export function preloadLinks(manifest: RouterManifest, routes: ManifestRoute[], shell: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const route of [manifest.entry, ...routes]) {
    for (const file of [route.module, ...(route.imports ?? [])]) scripts.add(file);
    for (const file of route.css ?? []) styles.add(file);
  }
  const named = (file: string) => shell.includes(`"${file}"`);
  return [
    ...[...styles]
      .filter((file) => !named(file))
      .map((file) => `<link rel="preload" as="style" href="${file}"/>`),
    ...[...scripts]
      .filter((file) => !named(file))
      .map((file) => `<link rel="modulepreload" href="${file}"/>`),
  ].join("");
}

/** The shell with the preloads of the routes' files (as it is when no route matched). */
export function shellWithPreloads(
  manifest: RouterManifest,
  routes: ManifestRoute[] | undefined,
  shell: string,
): string {
  const links = routes ? preloadLinks(manifest, routes, shell) : "";
  const head = shell.indexOf("</head>");
  return links && head !== -1 ? shell.slice(0, head) + links + shell.slice(head) : shell;
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/**
 * A page whose code is asked for once it has painted: its modulepreload links leave the head for a
 * script at the end of the body, which adds them after the first frame. Left in the head, the page's
 * code (some 160–180 KiB) would share a slow connection with its styles and font, and, arriving
 * quickly, could run before the browser painted anything: the prerendered sign-in form, readable
 * from the HTML alone, or a browser-rendered page's loading mark would then show only when nearly all
 * of it was in.
 */
export function paintFirst(html: string): string {
  const files = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const body = html.lastIndexOf("</body>");
  if (files.length === 0 || body === -1) return html;
  const script =
    `<script>requestAnimationFrame(()=>setTimeout(()=>{for(const href of ${JSON.stringify(files)})` +
    `document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href}))}))</script>`;
  const page = html.slice(0, body).replace(MODULE_PRELOAD, "");
  return page + script + html.slice(body);
}
