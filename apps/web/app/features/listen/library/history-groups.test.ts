import { describe, expect, it } from "vitest";
import type { AppResource, HistoryItem } from "@serene/contract";
import { dayWords, groupHistory } from "./history-groups";

const resource = (id: string) => ({ _id: id, title: id }) as AppResource;
const session = (id: string, startedAt: string, listenedSeconds: number, finished = false): HistoryItem => ({
  resource: resource(id),
  startedAt,
  listenedSeconds,
  finished,
});

describe("history grouped per item and day (history-groups.ts)", () => {
  it("adds up an item's sessions of one local day; another day or item is its own line, newest first", () => {
    const groups = groupHistory([
      session("rain", "2030-03-05T18:00:00", 40),
      session("tide", "2030-03-05T17:00:00", 300, true),
      session("rain", "2030-03-05T09:00:00", 50),
      session("rain", "2030-03-04T22:00:00", 30),
    ]);
    expect(groups.map((g) => [g.resource._id, g.day, g.sessions, g.listenedSeconds, g.finished])).toEqual([
      ["rain", "2030-03-05", 2, 90, false],
      ["tide", "2030-03-05", 1, 300, true],
      ["rain", "2030-03-04", 1, 30, false],
    ]);
    expect(groups[0]!.startedAt).toBe("2030-03-05T18:00:00");
  });

  it("names the day: Today, Yesterday, then the weekday and date", () => {
    const now = new Date(2030, 2, 5, 12);
    expect(dayWords("2030-03-05", now)).toBe("Today");
    expect(dayWords("2030-03-04", now)).toBe("Yesterday");
    expect(dayWords("2030-03-01", now)).toBe("Friday, March 1");
  });
});
