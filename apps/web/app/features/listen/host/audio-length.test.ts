import { describe, expect, it } from "vitest";
import { sayLength } from "./audio-length";

describe("sayLength", () => {
  it("says a length to the second: seconds alone, whole minutes, minutes and seconds", () => {
    expect(sayLength(0.4)).toBe("0 s");
    expect(sayLength(45.2)).toBe("45 s");
    expect(sayLength(120.3)).toBe("2 min");
    expect(sayLength(90.04)).toBe("1 min 30 s");
    expect(sayLength(3599.6)).toBe("60 min");
  });
});
