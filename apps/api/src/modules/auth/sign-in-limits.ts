import type { Db } from "../../db/client.ts";
import { AttemptLimiter } from "../limits/index.ts";
import { AppError } from "../../lib/errors.ts";

export interface SignInLimitOptions {
  /** Sign-in attempts allowed per account from one address per window (a success starts afresh). */
  accountFailures: { max: number; windowMs: number };
  /** Failed sign-ins allowed per account from all addresses together per window: a slower ceiling. */
  accountCeiling: { max: number; windowMs: number };
  /**
   * Failed attempts allowed per client address per window, whatever the account: sign-in, sign-up
   * and password reset share it; a success is not counted (an office signs in from one address).
   */
  addressFailures: { max: number; windowMs: number };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;

/** The sign-in attempts' limits: per client address, per account from an address, per account overall. */
export function createSignInLimits(db: Db, options: SignInLimitOptions) {
  // Keyed on account and address, so an attacker elsewhere cannot lock the owner out; the
  // per-account ceiling bounds guessing from many addresses.
  const perAddress = new AttemptLimiter(
    db,
    "sign-in:",
    options.accountFailures.max,
    options.accountFailures.windowMs,
  );
  const ceiling = new AttemptLimiter(
    db,
    "sign-in-account:",
    options.accountCeiling.max,
    options.accountCeiling.windowMs,
  );
  const perClient = new AttemptLimiter(
    db,
    "sign-in-address:",
    options.addressFailures.max,
    options.addressFailures.windowMs,
  );
  const tooMany = (wait: number) =>
    new AppError(
      "rate_limited",
      `Too many sign-in attempts for this account. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
      undefined,
      Math.ceil(wait / 1000),
    );

  /**
   * Runs an attempt of a client address under its limit: counted before it runs (so parallel
   * attempts cannot overshoot), taken back when it succeeds; past the limit, refused with 429.
   */
  async function limitedByAddress<T>(ip: string | null, attempt: () => Promise<T>): Promise<T> {
    const key = ip ?? "";
    const wait = await perClient.hit(key);
    if (wait > 0) {
      throw new AppError(
        "rate_limited",
        `Too many requests from this address. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        undefined,
        Math.ceil(wait / 1000),
      );
    }
    const result = await attempt();
    await perClient.undo(key);
    return result;
  }

  /**
   * Counts a sign-in attempt on an account from an address (and toward the account's ceiling)
   * before it is checked; `succeeded` takes it back and starts the pair afresh.
   */
  async function accountAttempt(email: string, ip: string | null) {
    const account = email.toLowerCase();
    const pair = `${account} ${ip ?? ""}`;
    const waitHere = await perAddress.hit(pair);
    if (waitHere > 0) throw tooMany(waitHere);
    const waitAll = await ceiling.hit(account);
    if (waitAll > 0) {
      await perAddress.undo(pair);
      throw tooMany(waitAll);
    }
    return {
      account,
      async succeeded() {
        await perAddress.reset(pair);
        await ceiling.undo(account);
      },
    };
  }

  return { limitedByAddress, accountAttempt };
}
