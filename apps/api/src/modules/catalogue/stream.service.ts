import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { entitlementOf } from "../entitlement/index.ts";
import { type MediaStorage, STREAM_URL_TTL_MS } from "../media/index.ts";
import { transcriptOf } from "../resources/index.ts";
import { findPublishedResource } from "./catalogue.repository.ts";

/**
 * Grants of audio, and of what goes with it (its transcript): a short-lived URL bound to one
 * file, for listeners entitled to it.
 */
export function createStreamService(db: Db, storage: MediaStorage) {
  /** The published content with audio, when the listener may play it (paid: entitled); else 404 or 403. */
  async function playable(userId: string, resourceId: string) {
    const row = await findPublishedResource(db, resourceId);
    if (!row?.resource.audioKey) throw notFound("Content");
    if (row.resource.paymentType === "paid" && !(await entitlementOf(db, userId)).paid) {
      throw new AppError("subscription_required", "This content is for subscribers: redeem a code to listen");
    }
    return row.resource;
  }

  return {
    async grant(userId: string, resourceId: string, origin: string) {
      const { audioKey } = await playable(userId, resourceId);
      const expiresAt = new Date(Date.now() + STREAM_URL_TTL_MS);
      return { url: await storage.signedUrl(audioKey!, origin, expiresAt), expiresAt };
    },

    /** The content's transcript, for whoever may play its audio; 404 when it has none. */
    async transcript(userId: string, resourceId: string) {
      const transcript = transcriptOf(await playable(userId, resourceId));
      if (!transcript) throw notFound("Transcript");
      return transcript;
    },
  };
}

export type StreamService = ReturnType<typeof createStreamService>;
