import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, totp, totpUri } from "./totp.ts";

// RFC 6238 Appendix B: the SHA1 rows, with the 20-byte ASCII seed "12345678901234567890" and 8 digits.
const SEED = Buffer.from("12345678901234567890", "ascii");
const VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s the SHA1 code is %s (Appendix B)", (seconds, code) => {
    expect(totp(SEED, seconds * 1000, 8)).toBe(code);
  });

  it("HOTP answers RFC 4226 Appendix D's first values", () => {
    expect([0, 1, 2, 9].map((c) => hotp(SEED, c))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("base32 round-trips the seed as authenticator apps write it", () => {
    const secret = base32Encode(SEED);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(secret).equals(SEED)).toBe(true);
  });

  it("accepts the code of the step before, of now and after, and nothing further or malformed", () => {
    const secret = base32Encode(SEED);
    const now = 1111111111 * 1000;
    const step = Math.floor(now / 30_000);
    const codeAt = (s: number) => hotp(SEED, s);
    expect(matchTotp(secret, codeAt(step), now)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), now)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  it("writes the otpauth URI with the issuer, account and parameters", () => {
    expect(totpUri("ABC", "ann@example.test", "Serene")).toBe(
      "otpauth://totp/Serene:ann%40example.test?secret=ABC&issuer=Serene&algorithm=SHA1&digits=6&period=30",
    );
  });
});
