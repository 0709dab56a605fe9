import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "./app.ts";
import type { Database } from "./db/client.ts";
import { redactUrl } from "./lib/redact-url.ts";
import type { App } from "./plugins/types.ts";
import { openTestDatabase, testConfig } from "./test-support/harness.ts";

describe("tokens never reach the logs", () => {
  let database: Database;
  let app: App;
  let written = "";
  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    app = await buildApp({ config: testConfig(), database, logger: { ...loggerOptions("info"), stream } });
    await app.ready();
  });
  afterAll(() => app.close());

  it("the request line of a link's page shows its path, with every secret query value redacted", async () => {
    for (const url of [
      "/md-login/set-password?token=SECRET-ONE",
      "/business/portal/signin?token=SECRET-TWO",
      "/listen/reset?token=SECRET-THREE&from=mail",
      "/api/v1/app/reminders/unsubscribe?token=SECRET-FOUR",
      "/listen/redeem?code=SECRET-FIVE",
    ])
      await app.inject({ method: "GET", url });
    const lines = written.trim().split("\n");
    expect(written).not.toMatch(/SECRET/);
    expect(lines.some((l) => l.includes('"url":"/md-login/set-password?token=[redacted]"'))).toBe(true);
    expect(lines.some((l) => l.includes('"url":"/business/portal/signin?token=[redacted]"'))).toBe(true);
    expect(lines.some((l) => l.includes('"url":"/listen/reset?token=[redacted]&from=mail"'))).toBe(true);
  });

  it("redacts token, code, sig, signature, key and the like, whatever their case or encoding, and nothing else", () => {
    expect(
      redactUrl("/m/a.mp3?sig=abc&exp=123&Signature=x&api_key=k&access_token=t&reset%5Fcode=9&q=calm&page=2"),
    ).toBe(
      "/m/a.mp3?sig=[redacted]&exp=123&Signature=[redacted]&api_key=[redacted]&access_token=[redacted]&reset%5Fcode=[redacted]&q=calm&page=2",
    );
    expect(redactUrl("/api/health")).toBe("/api/health");
    // A query with no secret's name in it is kept as it is; a name spelled encoded is still read.
    expect(redactUrl("/api/v1/user/users?page=1&limit=20")).toBe("/api/v1/user/users?page=1&limit=20");
    expect(redactUrl("/x?%74oken=abc&page=2")).toBe("/x?%74oken=[redacted]&page=2");
    expect(redactUrl("/x?reset+c%6Fde=1")).toBe("/x?reset+c%6Fde=[redacted]");
  });
});
