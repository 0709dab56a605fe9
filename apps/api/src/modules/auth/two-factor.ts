import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { sha256 } from "../../lib/tokens.ts";
import { matchTotp } from "../../lib/totp.ts";
import { claimTotpStep } from "../users/index.ts";
import { consumeRecoveryCode } from "./auth.repository.ts";

/** A wrong or used second-factor code: 400 naming `code`. */
export const wrongCode = (message: string) =>
  new AppError("validation_failed", `code: ${message}`, [{ field: "code", message }]);

/** How long the challenge between a sign-in's password and its code lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/**
 * The signed challenge of a sign-in's second step: the account and an expiry, with an HMAC under
 * the server's key (kept in the database, so every instance checks what another one signed).
 * It proves the password was right a moment ago; it opens one session (its use is kept in
 * `used_sign_in_challenges` until it expires), and each code is single-use too.
 */
export function challenges(key: () => Promise<string>) {
  const sign = async (payload: string) =>
    createHmac("sha256", await key())
      .update(`sign-in-challenge\n${payload}`)
      .digest("base64url");
  return {
    async issue(userId: string, now = Date.now()) {
      const payload = `${userId}.${now + CHALLENGE_TTL_MS}`;
      return `${Buffer.from(payload).toString("base64url")}.${await sign(payload)}`;
    },
    /** The account a live, untampered challenge names, or null. */
    async open(challenge: string, now = Date.now()): Promise<string | null> {
      const [encoded, signature] = challenge.split(".");
      if (!encoded || !signature) return null;
      const payload = Buffer.from(encoded, "base64url").toString();
      const expected = Buffer.from(await sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [userId, expires] = payload.split(".");
      return userId && Number(expires) > now ? userId : null;
    },
  };
}

/** Recovery codes as shown: 10 characters in two groups (xxxxx-xxxxx), lower-case letters and digits. */
export function newRecoveryCodes() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code's stored hash: typed in any case, with or without the dash or spaces. */
export const recoveryCodeHash = (userId: string, code: string) =>
  sha256(`${userId}:${code.toLowerCase().replace(/[\s-]/g, "")}`);

/**
 * Uses a second factor of an account once: a current authenticator code (its step not used
 * before) or an unused recovery code. Answers which one, or null when the code is not good.
 */
export async function useSecondFactor(
  db: Db,
  user: { id: string; totpSecret: string | null },
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
  const typed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(typed)) {
    const step = user.totpSecret ? matchTotp(user.totpSecret, typed, now) : null;
    return step !== null && (await claimTotpStep(db, user.id, step)) ? "totp" : null;
  }
  return (await consumeRecoveryCode(db, user.id, recoveryCodeHash(user.id, typed))) ? "recovery" : null;
}
