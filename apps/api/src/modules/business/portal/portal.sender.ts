import type { FastifyBaseLogger } from "fastify";
import { RecipientMailLimit } from "../../limits/index.ts";
import type { MailContent, Mailer } from "../../mail/index.ts";
import type { Db } from "../../../db/client.ts";
import { AppError } from "../../../lib/errors.ts";
import { newToken, sha256 } from "../../../lib/tokens.ts";
import { businessesOfAdmin, insertPortalToken } from "./admins.repository.ts";
import { portalSignIn } from "./portal.mail.ts";

/** A magic link works once, for 15 minutes. */
const LINK_TTL_MS = 15 * 60_000;

export interface PortalSenderDeps {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}

/**
 * How the portal e-mails people. Sign-in links and resent invitations count toward the
 * recipient's e-mail limit, shared with the account e-mails (3 per 15 minutes, 10 a day).
 */
export function createPortalSender({ db, mailer, supportEmail, siteUrl, log }: PortalSenderDeps) {
  const mailLimit = new RecipientMailLimit(db);

  /** Sends one e-mail; a failure is logged (the portal shows the state, the admin can resend). */
  async function send(to: string, content: MailContent) {
    try {
      await mailer.send({ to: { name: to, address: to }, ...content });
      return true;
    } catch (err) {
      log.warn({ err, to }, "portal e-mail not sent");
      return false;
    }
  }

  /** A new single-use sign-in link for `email`, as its e-mail. */
  async function signInMail(email: string) {
    const token = newToken();
    await insertPortalToken(db, email, sha256(token), new Date(Date.now() + LINK_TTL_MS));
    const url = `${siteUrl}/business/portal/signin?token=${encodeURIComponent(token)}`;
    return portalSignIn({ url, supportEmail });
  }

  /** Counts an e-mail to `email`; 429 when the address is over its limit. */
  async function spendLimit(email: string) {
    const wait = await mailLimit.hit(email);
    if (wait > 0)
      throw new AppError(
        "rate_limited",
        `This address has had too many e-mails from us. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        undefined,
        Math.ceil(wait / 1000),
      );
  }

  return {
    send,

    /**
     * Someone asked for a sign-in link: the request only queues the work, the same for every
     * address; in the background an admin's address within its limit gets a link, any other nothing.
     */
    requestLink(email: string) {
      mailer.queue(async () =>
        (await businessesOfAdmin(db, email)).length > 0 && (await mailLimit.allow(email))
          ? { to: email, ...(await signInMail(email)) }
          : null,
      );
    },

    /** A sign-in link to an admin the portal or the back office names (429 over the address's limit). */
    async sendLink(email: string) {
      await spendLimit(email);
      return send(email, await signInMail(email));
    },

    /** A new admin's first sign-in link: within the address's limit, else none (they can ask for one later). */
    async welcomeAdmin(email: string) {
      if (await mailLimit.allow(email)) await send(email, await signInMail(email));
    },

    /** An invitation sent again (429 over the address's limit). */
    async resend(email: string, content: MailContent) {
      await spendLimit(email);
      return send(email, content);
    },
  };
}
