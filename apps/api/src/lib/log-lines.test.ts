import { describe, expect, it } from "vitest";
import { humanLogLine } from "./log-lines.ts";

describe("human log lines (a terminal)", () => {
  const time = new Date(2026, 10, 25, 14, 3, 7).getTime();

  it("writes a request as its one line, without the fields the line already says", () => {
    const json = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: "h",
      reqId: "r1",
      method: "GET",
      url: "/api/health",
      status: 200,
      ms: 1.2,
      msg: "GET /api/health 200 1.2 ms",
    });
    expect(humanLogLine(json)).toBe("14:03:07 INFO  GET /api/health 200 1.2 ms\n");
  });

  it("adds other fields as key=value, an error's stack below, and colours a warning on a terminal", () => {
    const json = JSON.stringify({
      level: 50,
      time,
      msg: "mail failed",
      to: "a@b.c",
      tries: 3,
      err: { message: "boom", stack: "Error: boom\n    at x" },
    });
    expect(humanLogLine(json)).toBe("14:03:07 ERROR mail failed  to=a@b.c tries=3\nError: boom\n    at x\n");
    expect(humanLogLine(JSON.stringify({ level: 40, time, msg: "careful" }), true)).toBe(
      "14:03:07 \x1b[33mWARN \x1b[0m careful\n",
    );
  });
});
