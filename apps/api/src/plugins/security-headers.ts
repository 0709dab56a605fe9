import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { App } from "./types.ts";

/**
 * The headers helmet sets for `options`. Ours depend on no request (no nonces, no functions), so
 * they are worked out once at start-up instead of by helmet's middleware on every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The Content-Security-Policy of an HTML page: its own inline scripts allowed by their hashes. */
    pageCsp(html: string): string;
  }
}

/** A `<script>` without `src` whose type a browser runs (none, a JavaScript one, or a module). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const RUNNABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The CSP sources (`'sha256-…'`) of the inline scripts of a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Helmet's security headers (Content-Security-Policy, nosniff, frame and referrer rules, HSTS behind
 * HTTPS) on every answer, errors and 404s included. `secureCookies`: the site is served over HTTPS.
 * Scripts run only from our own files: no inline script, except on an HTML page the ones it ships,
 * each allowed by its hash (`app.pageCsp`, which the web app sets on every page it serves).
 */
async function securityHeaders(app: App, { secureCookies }: { secureCookies: boolean }) {
  const headersWith = (scriptHashes: string[]) =>
    helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          mediaSrc: ["'self'", "blob:"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: secureCookies,
    });
  const headers = Object.entries(headersWith([]));
  app.decorate(
    "pageCsp",
    (html: string) => headersWith(inlineScriptHashes(html))["content-security-policy"]!,
  );
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: "serene-security-headers", fastify: "5.x" });
