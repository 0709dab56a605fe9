import { describe, expect, it } from "vitest";
import { parseTimestamp } from "./timestamps.ts";

describe("parseTimestamp: PostgreSQL's timestamps read as drizzle's new Date(text) reads them", () => {
  it.each([
    "2026-11-29 06:18:47.54+00",
    "2026-11-29 06:18:47.540123+00",
    "2026-11-29 06:18:47.999999+00",
    "2026-11-29 06:18:47+00",
    "2026-11-29 11:48:47.5+05:30",
    "2026-03-01 00:00:00.001-09:30",
    "2000-02-29 23:59:59.9-11",
  ])("%s (timestamptz in any session time zone)", (text) => {
    expect(parseTimestamp(text)).toEqual(new Date(text));
  });

  it("reads an offset with seconds (a zone's mean solar time of old), which new Date cannot", () => {
    expect(parseTimestamp("1890-01-01 00:00:00-00:01:15")).toEqual(new Date("1890-01-01T00:01:15Z"));
  });

  it("reads a timestamp without time zone as UTC, as drizzle does", () => {
    expect(parseTimestamp("2026-11-29 06:18:47.123456")).toEqual(new Date("2026-11-29 06:18:47.123456+0000"));
  });

  it.each([
    "infinity",
    "-infinity",
    "0044-03-15 12:00:00+00 BC",
    "0999-12-31 23:59:59+00",
    "12026-01-01 00:00:00+00",
    "2026-11-29T06:18:47+00",
    "2026-11-29 06:18:47.+00",
    "2026-11-29 06:18:47.1234567+00",
    "2026-11-29 06:18:47+0",
    "2026-11-29 06:18:47+05:3",
    "2026-11-29 06:18:47+05:30:",
    "2026-11-29 06:18:47 +00",
    "2026-1-29 06:18:47+00",
  ])("leaves %s to drizzle's own mapping", (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});
