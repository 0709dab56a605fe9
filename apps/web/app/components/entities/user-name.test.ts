import { describe, expect, it } from "vitest";
import { userName } from "./user-name";

describe("userName", () => {
  it("puts the last name after the username", () => {
    expect(userName({ username: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
  });

  it("never says the last name twice when the username ends with it, whatever its case", () => {
    expect(userName({ username: "liam.walker", lastName: "Walker" })).toBe("liam.walker");
    expect(userName({ username: "LiamWALKER", lastName: " walker " })).toBe("LiamWALKER");
  });

  it("is the username alone without a last name", () => {
    expect(userName({ username: "sam", lastName: null })).toBe("sam");
    expect(userName({ username: "sam", lastName: "  " })).toBe("sam");
    expect(userName({ username: "sam" })).toBe("sam");
  });
});
