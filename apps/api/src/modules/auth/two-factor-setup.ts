import QRCode from "qrcode";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { matchTotp, newTotpSecret, totpUri } from "../../lib/totp.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import { claimTotpStep, clearTotp, findUserById, setTotpSecret, turnOnTotp } from "../users/index.ts";
import { countRecoveryCodesLeft, readBackOfficeSettings, replaceRecoveryCodes } from "./auth.repository.ts";
import { type SignInLimits } from "./sign-in-limits.ts";
import { newRecoveryCodes, recoveryCodeHash, useSecondFactor, wrongCode } from "./two-factor.ts";

/** The issuer authenticator apps show beside the account. */
const TOTP_ISSUER = "Serene";

/** A staff member's own two-factor sign-in: its state, the set-up, turning it on and off. */
export function createTwoFactorSetup(db: Db, { limitedByAddress, accountAttempt }: SignInLimits) {
  /** A staff member's own account, for the two-factor set-up. */
  async function staffAccount(auth: AuthContext) {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new AppError("unauthenticated", "Please sign in to continue");
    return user;
  }
  return {
    /** Your two-factor sign-in: on or not, required of you now, recovery codes left. */
    async twoFactorStatus(auth: AuthContext) {
      const user = await staffAccount(auth);
      return {
        enabled: user.totpEnabledAt !== null,
        setupRequired: auth.twoFactorSetupPending,
        recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(db, user.id) : 0,
      };
    },

    /** Starts (or starts again) the set-up: a new secret, not in force until a code confirms it. */
    async startTwoFactorSetup(auth: AuthContext) {
      const user = await staffAccount(auth);
      if (user.totpEnabledAt)
        throw new AppError(
          "conflict",
          "Two-factor sign-in is on already: turn it off first to use a new app",
        );
      const secret = newTotpSecret();
      await setTotpSecret(db, user.id, secret);
      const uri = totpUri(secret, user.email, TOTP_ISSUER);
      const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
      return { secret, uri, qrSvg };
    },

    /** Turns two-factor sign-in on with a code of the app just set up; answers 10 new recovery codes. */
    async enableTwoFactor(auth: AuthContext, code: string) {
      const user = await staffAccount(auth);
      if (user.totpEnabledAt) throw new AppError("conflict", "Two-factor sign-in is on already");
      if (!user.totpSecret) throw new AppError("conflict", "Start the set-up first: no secret was made yet");
      const step = matchTotp(user.totpSecret, code.replace(/\s/g, ""), Date.now());
      if (step === null) throw wrongCode("is not right: enter the code your app shows now");
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await claimTotpStep(tx, user.id, step)))
          throw wrongCode("was used already: wait for the next one");
        const after = await turnOnTotp(tx, user.id);
        await replaceRecoveryCodes(
          tx,
          user.id,
          recoveryCodes.map((c) => recoveryCodeHash(user.id, c)),
        );
        await recordActivity(tx, auth, "auth.two_factor_on", "user", user.id, undefined, {
          before: user,
          after,
        });
      });
      return recoveryCodes;
    },

    /**
     * Turns two-factor sign-in off with a current code (or a recovery code); refused while the
     * back office requires it. Wrong codes count as failed sign-ins do.
     */
    disableTwoFactor(auth: AuthContext, code: string, ip: string | null) {
      return limitedByAddress(ip, async () => {
        const user = await staffAccount(auth);
        if (!user.totpEnabledAt) throw new AppError("conflict", "Two-factor sign-in is off already");
        if ((await readBackOfficeSettings(db)).requireTwoFactor)
          throw new AppError(
            "conflict",
            "The back office requires two-factor sign-in of every admin and editor: it cannot be turned off",
          );
        const attempt = await accountAttempt(user.email, ip);
        if (!(await useSecondFactor(db, user, code)))
          throw wrongCode("is not right: enter the current code of your app, or an unused recovery code");
        await attempt.succeeded();
        await db.transaction(async (tx) => {
          const after = await clearTotp(tx, user.id);
          await replaceRecoveryCodes(tx, user.id, []);
          await recordActivity(tx, auth, "auth.two_factor_off", "user", user.id, undefined, {
            before: user,
            after,
          });
        });
      });
    },
  };
}
