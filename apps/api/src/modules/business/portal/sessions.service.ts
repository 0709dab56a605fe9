import { AppError } from "../../../lib/errors.ts";
import { newToken, sha256 } from "../../../lib/tokens.ts";
import {
  businessesOfAdmin,
  consumePortalToken,
  deletePortalSession,
  insertPortalSession,
  markAdminSignedIn,
} from "./admins.repository.ts";
import { type PortalCore } from "./portal-core.ts";
import { createPortalGuard } from "./session-cache.ts";

/** Signing in to the portal: e-mailed links, sessions, and who administers which business. */
export function createPortalSessions(deps: PortalCore) {
  const { db, sender } = deps;

  async function openSession(email: string, businesses: { id: string; name: string }[]) {
    const session = newToken();
    await insertPortalSession(db, email, sha256(session), new Date(Date.now() + deps.sessionTtlMs));
    await markAdminSignedIn(db, email);
    return { token: session, email, businesses };
  }
  return {
    /**
     * Mails a sign-in link to an admin's address, within the e-mail limit of each address (shared
     * with the account e-mails); any other address, or one over its limit, gets nothing (same
     * answer, same work: the request only queues it).
     */
    requestLink: sender.requestLink,

    /** Trades a magic link for a portal session. */
    async startSession(token: string) {
      const email = await consumePortalToken(db, sha256(token));
      const businesses = email ? await businessesOfAdmin(db, email) : [];
      if (!email || businesses.length === 0)
        throw new AppError("invalid_token", "This sign-in link is not valid any more. Ask for a new one.");
      return openSession(email, businesses);
    },

    /**
     * The browser that started a paid checkout comes back with its one-time value: it gets a
     * portal session for the buyer (once; any other value, or an unpaid checkout, gets none).
     */
    async sessionAfterCheckout(purchaseId: string, browserToken: string) {
      const email = await deps.checkoutBuyer(purchaseId, browserToken);
      const businesses = email ? await businessesOfAdmin(db, email) : [];
      return email && businesses.length > 0 ? openSession(email, businesses) : null;
    },

    /** Signs out: the session of this token ends (nothing happens for an unknown token). */
    signOut: (token: string) => deletePortalSession(db, sha256(token)),

    ...createPortalGuard(db, deps.changes),
  };
}
