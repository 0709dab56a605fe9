import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../app.ts";
import { OneLinePerRequest } from "./request-lines.ts";

/** A Fastify app logging as the app does (its options, one line per request) into `lines`. */
function loggingApp(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const requestLines = new OneLinePerRequest();
  const app = Fastify({ logger: loggerOptions(level, stream), logController: requestLines });
  requestLines.useLogger(app.log);
  app.get("/hello", () => ({ hello: "world" }));
  return { app, lines };
}

describe("the request line", () => {
  it("is the line the app's logger writes for the same entry, field for field and in order", async () => {
    const { app, lines } = loggingApp("info");
    await app.inject({ method: "GET", url: "/hello?from=mail&token=SECRET" });
    expect(lines).toHaveLength(1);
    const written = JSON.parse(lines[0]!) as { reqId: string; ms: number; msg: string; time: number };
    expect(written).toMatchObject({
      level: 30,
      reqId: expect.stringMatching(/^req-/),
      method: "GET",
      url: "/hello?from=mail&token=[redacted]",
      status: 200,
    });
    // The logger itself, given the same fields (as the line was written before), writes the same text.
    app.log.info(
      {
        reqId: written.reqId,
        method: "GET",
        url: "/hello?from=mail&token=[redacted]",
        status: 200,
        ms: written.ms,
      },
      written.msg,
    );
    expect(lines).toHaveLength(2);
    const sameTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(sameTime(lines[0]!)).toBe(sameTime(lines[1]!));
    expect(lines[0]).toContain(`"pid":${process.pid}`);
    await app.close();
  });

  it("is not written when info lines are off (LOG_LEVEL=warn)", async () => {
    const { app, lines } = loggingApp("warn");
    await app.inject({ method: "GET", url: "/hello" });
    expect(lines).toEqual([]);
    await app.close();
  });
});
