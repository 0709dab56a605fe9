import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SiteConfig } from "@serene/contract";
import { compress } from "../lib/compression.ts";

/**
 * The web build prerenders its pages with its default site config and embeds that config in each
 * page as `<script type="application/json" id="site-config">`. The server's SUPPORT_EMAIL,
 * APP_STORE_URL, PLAY_STORE_URL and DEMO_BOOKING_URL may differ: then it sends the pages with its
 * own values in, prepared once at startup.
 */
export const siteLinkFields = ["supportEmail", "appStoreUrl", "playStoreUrl", "demoBookingUrl"] as const;

export type SiteLinks = Pick<SiteConfig, (typeof siteLinkFields)[number]>;

/** The embedded config: opening tag, JSON (which has no `<`), closing tag. */
const configScript = /(<script\b[^>]*\bid="site-config"[^>]*>)([^<]*)(<\/script>)/;

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
/** As React escapes text and attribute values (so a default is found the way it was written). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The config embedded in a built page, when it has one with the link fields. */
export function embeddedSiteConfig(html: string): Record<string, unknown> | undefined {
  const match = configScript.exec(html);
  if (!match) return undefined;
  let config: unknown;
  try {
    config = JSON.parse(match[2] ?? "");
  } catch {
    return undefined;
  }
  if (typeof config !== "object" || config === null) return undefined;
  const record = config as Record<string, unknown>;
  return siteLinkFields.every((field) => typeof record[field] === "string") ? record : undefined;
}

/**
 * The page with the configured links instead of the build's: the embedded config replaced
 * wholesale, and every other occurrence of a default replaced in one pass (longest default first,
 * so the demo link, which contains the support address, is replaced as a whole).
 */
export function substituteSiteConfig(
  html: string,
  defaults: SiteLinks,
  config: Record<string, unknown> & SiteLinks,
): string {
  const replacements = new Map<string, string>();
  for (const field of siteLinkFields) {
    const from = escapeHtml(defaults[field]);
    if (from && !replacements.has(from)) replacements.set(from, escapeHtml(config[field]));
  }
  const pattern = new RegExp(
    [...replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  const replace = (part: string) => part.replace(pattern, (found) => replacements.get(found) ?? found);
  const script = configScript.exec(html);
  if (!script) return replace(html);
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return (
    replace(html.slice(0, script.index)) +
    script[1] +
    json +
    script[3] +
    replace(html.slice(script.index + script[0].length))
  );
}

/** A page held in memory with its compressed copies. */
export interface PreparedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A page's bytes, its Brotli and gzip copies and its ETag, made once. */
export async function preparePage(html: string): Promise<PreparedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([compress(identity, "br", "best"), compress(identity, "gzip", "best")]);
  const etag = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  return { identity, br, gzip: gz, etag };
}

export type PreparedPages =
  | { kind: "unchanged"; reason: "same-as-build" | "no-embedded-config" }
  | { kind: "prepared"; pages: Map<string, PreparedPage>; changed: string[] };

/**
 * Reads the build's defaults from the first page's embedded config; when any configured link
 * differs, prepares every given page (file paths relative to `buildDir`) with the configured
 * links. Otherwise the files are served as they are.
 */
export async function prepareSitePages(
  buildDir: string,
  files: readonly string[],
  links: SiteLinks,
): Promise<PreparedPages> {
  const read = (file: string) => fs.readFile(path.join(buildDir, file), "utf8").catch(() => undefined);
  let first: string | undefined;
  for (const file of files) {
    first = await read(file);
    if (first !== undefined) break;
  }
  const built = first === undefined ? undefined : embeddedSiteConfig(first);
  if (!built) return { kind: "unchanged", reason: "no-embedded-config" };
  const defaults = built as Record<string, unknown> & SiteLinks;
  const changed = siteLinkFields.filter((field) => defaults[field] !== links[field]);
  if (changed.length === 0) return { kind: "unchanged", reason: "same-as-build" };

  const config = { ...defaults, ...links };
  const pages = new Map<string, PreparedPage>();
  await Promise.all(
    files.map(async (file) => {
      const text = await read(file);
      if (text !== undefined)
        pages.set(file, await preparePage(substituteSiteConfig(text, defaults, config)));
    }),
  );
  return { kind: "prepared", pages, changed };
}
