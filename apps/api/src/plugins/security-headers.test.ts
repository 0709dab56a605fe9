import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

// helmet's defaults with ours (config in security-headers.ts), in helmet's order.
const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';media-src 'self' blob:;connect-src 'self'";

describe("security headers", () => {
  let plain: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    https = await createTestApp({ PUBLIC_URL: "https://serene.example" });
  });
  afterAll(async () => {
    await plain?.close();
    await https?.close();
  });

  it("come with every answer: a read, an error, an unknown path", async () => {
    for (const [url, status] of [
      ["/api/v1/user/app-message", 200],
      ["/api/v1/user/users", 401],
      ["/api/v1/user/nope", 404],
    ] as const) {
      const res = await plain.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers["content-security-policy"], url).toBe(CSP);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
      expect(res.headers["x-request-id"], url).toBeTruthy();
    }
  });

  it("over HTTPS, add HSTS and upgrade insecure requests", async () => {
    const res = await https.app.inject({ method: "GET", url: "/api/v1/user/app-message" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(res.headers["content-security-policy"]).split(";")).toEqual(
      expect.arrayContaining([...CSP.split(";"), "upgrade-insecure-requests"]),
    );
  });
});
