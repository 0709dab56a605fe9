import { afterEach, describe, expect, it } from "vitest";
import { formatDate } from "./format";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("formatDate", () => {
  it("shows a day without a time as that day west of UTC too; a moment in the reader's own zone", () => {
    process.env.TZ = "America/New_York";
    expect(formatDate("2027-03-01")).toBe("3/1/2027");
    expect(formatDate("2027-03-01T02:00:00Z")).toBe("2/28/2027");
  });
});
