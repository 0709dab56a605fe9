import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test-support/harness.ts";

const t = useTestApp();

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressed JSON answers", () => {
  it("sends a large JSON answer in the encoding the client prefers, the same JSON once decoded", async () => {
    const plain = await get("/api/openapi.json");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["br;q=0.5, gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const res = await get("/api/openapi.json", accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString()), accept).toEqual(plain.json());
    }
  });

  it("sends small answers and errors as they are", async () => {
    const health = await get("/api/health", "br, gzip");
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toMatchObject({ status: true });

    const missing = await get("/api/v1/no-such-route", "br, gzip");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ status: false, code: "route_not_found" });
  });
});
