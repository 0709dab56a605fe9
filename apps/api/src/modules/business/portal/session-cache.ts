import { type ChangeNotices, NoticedCache } from "../../../db/change-notices.ts";
import type { Db } from "../../../db/client.ts";
import { sha256 } from "../../../lib/tokens.ts";
import type { PortalContext } from "../../../plugins/types.ts";
import { findPortalSession, isBusinessAdmin } from "./admins.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The business portal's guard, as listener and staff sessions are guarded: a portal session, and
 * whether its address administers a business, are read once and kept in memory until the database
 * announces (`portal_session`, migration 0024) that a portal session ended or was shortened, or that
 * who administers which business changed; nothing is kept longer than a minute, nor a session
 * past its end. So a sign-out, or an admin removed, holds on the next request, on every instance.
 */
export function createPortalGuard(db: Db, changes: ChangeNotices) {
  const sessions = new NoticedCache<{ id: string; email: string; expiresAt: Date }>(changes, {
    topic: "portal_session",
    fresh: (session, now) => session.expiresAt.getTime() > now,
  });
  const admins = new NoticedCache<boolean>(changes, { topic: "portal_session" });
  return {
    /** The portal session of a token, or null. */
    async authenticate(token: string): Promise<PortalContext | null> {
      const tokenHash = sha256(token);
      const found = await sessions.get(tokenHash, () => findPortalSession(db, tokenHash));
      return found ? { sessionId: found.id, email: found.email } : null;
    },

    /** Whether this address administers this business (any other id, well-formed or not: no). */
    administers: async (email: string, businessId: string) =>
      UUID.test(businessId) &&
      (await admins.get(`${businessId} ${email.toLowerCase()}`, () =>
        isBusinessAdmin(db, email, businessId),
      ))!,
  };
}
