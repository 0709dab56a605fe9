import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { entitlementOf } from "../entitlement/index.ts";
import { type MediaStorage, STREAM_URL_TTL_MS } from "../media/index.ts";
import { findPublishedResource } from "./catalogue.repository.ts";

/** Grants of audio: a short-lived URL bound to one file, for listeners entitled to it. */
export function createStreamService(db: Db, storage: MediaStorage) {
  return {
    async grant(userId: string, resourceId: string, origin: string) {
      const row = await findPublishedResource(db, resourceId);
      if (!row?.resource.audioKey) throw notFound("Content");
      if (row.resource.paymentType === "paid" && !(await entitlementOf(db, userId)).paid) {
        throw new AppError(
          "subscription_required",
          "This content is for subscribers: redeem a code to listen",
        );
      }
      const expiresAt = new Date(Date.now() + STREAM_URL_TTL_MS);
      return { url: await storage.signedUrl(row.resource.audioKey, origin, expiresAt), expiresAt };
    },
  };
}

export type StreamService = ReturnType<typeof createStreamService>;
