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

/**
 * Helmet's security headers (Content-Security-Policy, nosniff, frame and referrer rules, HSTS behind
 * HTTPS) on every answer, errors and 404s included. `secureCookies`: the site is served over HTTPS.
 */
async function securityHeaders(app: App, { secureCookies }: { secureCookies: boolean }) {
  const headers = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // React Router's prerendered pages carry their hydration data in inline scripts.
          scriptSrc: ["'self'", "'unsafe-inline'"],
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
    }),
  );
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: "serene-security-headers", fastify: "5.x" });
