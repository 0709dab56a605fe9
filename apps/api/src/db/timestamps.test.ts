import { describe, expect, it } from "vitest";
import { iso } from "../lib/iso.ts";
import { isoOfTimestamp, parseTimestamp } from "./timestamps.ts";

/** Texts that are not a timestamp these read: left to drizzle's own mapping. */
const NOT_TIMESTAMPS = [
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
];

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

  it.each(NOT_TIMESTAMPS)("leaves %s to drizzle's own mapping", (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});

describe("isoOfTimestamp: a timestamp in UTC, straight from its text to the API's instant", () => {
  it.each([
    "2026-11-29 06:18:47.54+00",
    "2026-11-29 06:18:47.540123+00",
    "2026-11-29 06:18:47.999999+00",
    "2026-11-29 06:18:47.5+00",
    "2026-11-29 06:18:47.007+00",
    "2026-11-29 06:18:47+00",
    "2000-02-29 23:59:59.9+00",
    "1000-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
  ])("%s as toISOString writes it, and as iso(parseTimestamp) does", (text) => {
    expect(isoOfTimestamp(text)).toBe(new Date(text).toISOString());
    expect(isoOfTimestamp(text)).toBe(iso(parseTimestamp(text)));
  });

  it("reads a timestamp without time zone as UTC, as drizzle does", () => {
    expect(isoOfTimestamp("2026-11-29 06:18:47.123456")).toBe("2026-11-29T06:18:47.123Z");
  });

  it.each([
    "2026-11-29 11:48:47.5+05:30",
    "2026-03-01 00:00:00.001-09:30",
    "2000-02-29 23:59:59.9-11",
    "1890-01-01 00:00:00-00:01:15",
    "2026-11-29 06:18:47+00:00",
    "2026-11-29 06:18:47-00",
    ...NOT_TIMESTAMPS,
  ])("leaves %s (another offset, or not a timestamp it reads) to be read as a Date", (text) => {
    expect(isoOfTimestamp(text)).toBeNull();
  });
});
