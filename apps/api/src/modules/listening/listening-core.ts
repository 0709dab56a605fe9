/** What the listening service's parts share: its deps, and the listener or content found (else 404). */
import type { Db } from "../../db/client.ts";
import { type AppResourceRow, findPublishedResource, type StreamService } from "../catalogue/index.ts";
import { notFound } from "../../lib/errors.ts";
import { findListener } from "./listening.repository.ts";

/** The catalogue's grant of a content's audio: a short-lived signed URL. */
export type StreamGrant = Pick<StreamService, "grant">;

export interface ListeningDeps {
  db: Db;
  /** The clock: every rule reads the time here, so tests move it. */
  now: () => Date;
  stream: StreamGrant;
  /** The next unfinished item of a series holding this content (the series module's, given here). */
  nextInSeries: (userId: string, resourceId: string) => Promise<AppResourceRow | null>;
}

/** The listening parts' shared pieces, made once per service. */
export function createListeningCore(deps: ListeningDeps) {
  const { db } = deps;

  async function listener(userId: string) {
    const found = await findListener(db, userId);
    if (!found) throw notFound("User");
    return found;
  }

  async function listenable(resourceId: string) {
    const found = await findPublishedResource(db, resourceId);
    if (!found) throw notFound("Content");
    return found;
  }

  return { ...deps, listener, listenable };
}

export type ListeningCore = ReturnType<typeof createListeningCore>;
