import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { failureAdvice } from "./failure-advice";

const refused = (httpStatus: number, message: string) => new ApiError(message, { code: "x", httpStatus });

describe("what a failed portal call tells the admin to do", () => {
  it("names the server's reason, then the next step", () => {
    expect(failureAdvice(refused(400, "seats must be a whole number from 1 to 100"))).toBe(
      "seats must be a whole number from 1 to 100. Correct this and try again.",
    );
    expect(failureAdvice(refused(409, "That seat is no longer invited."))).toBe(
      "That seat is no longer invited. Reload the page to see where things stand now.",
    );
  });

  it("says to sign in again, check the connection, or wait, when that is what helps", () => {
    expect(failureAdvice(refused(401, "Sign in again"))).toMatch(/ask for a new link/);
    expect(failureAdvice(refused(0, "Network"))).toMatch(/check your connection/);
    expect(failureAdvice(refused(503, "Unavailable"))).toMatch(/try again in a minute/);
    expect(failureAdvice(new Error("boom"))).toBe("Reload the page and try again.");
  });
});
