/** Listening sessions: started, reported, ended, synced from offline, closed when silent; their plays counted. */
import type {
  EndSessionBody,
  ProgressBody,
  StartSessionBody,
  SyncRefusal,
  SyncSession,
  SyncVerdict,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import type { AppResourceRow } from "../catalogue/index.ts";
import { addToPlayCount } from "../resources/index.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { ListeningCore } from "./listening-core.ts";
import { findPublishedResources, type Listener } from "./listening.repository.ts";
import {
  addToDayTotals,
  findProgress,
  hasPlayNear,
  insertPlay,
  lockProgress,
  saveProgress,
} from "./progress.repository.ts";
import {
  closeSilentSessions,
  endOpenSessions,
  endSession,
  findSession,
  insertSession,
  insertSyncedSession,
  insertSyncRefusal,
  knownSyncVerdicts,
  lockSession,
  reportProgress,
  updateSession,
} from "./sessions.repository.ts";
import { CLOCK_SKEW_MS, isLocked, playThreshold, SECOND, SILENT_SESSION_MS } from "./listening.rules.ts";
import { iso } from "../../lib/iso.ts";

export function createSessions({ db, now, stream, listener, listenable }: ListeningCore) {
  /**
   * Counts the session's play when the rule is met and no play of this listener and content
   * lies within 24 hours of `at`. The caller holds the progress row's lock (lockProgress or saveProgress), so
   * two sessions of one listener and content never both count.
   */
  async function countPlay(
    tx: Db,
    s: { id: string; userId: string; resourceId: string; listenedSeconds: number; counted: boolean },
    durationSeconds: number | null,
    at: Date,
  ) {
    if (s.counted) return true;
    if (s.listenedSeconds < playThreshold(durationSeconds)) return false;
    if (await hasPlayNear(tx, s.userId, s.resourceId, at)) return false;
    await insertPlay(tx, { userId: s.userId, resourceId: s.resourceId, sessionId: s.id, at });
    await addToPlayCount(tx, s.resourceId);
    return true;
  }

  /** The verdict on one offline session (null: accepted). */
  function judge(
    item: SyncSession,
    user: Listener,
    resource: AppResourceRow | undefined,
    at: Date,
  ): SyncRefusal | null {
    if (!resource) return "unknown_resource";
    const startedAt = new Date(item.startedAt);
    const endedAt = new Date(item.endedAt);
    if (startedAt < user.timeCreated || endedAt.getTime() > at.getTime() + CLOCK_SKEW_MS)
      return "outside_account_lifetime";
    const length = resource.resource.durationSeconds;
    if (length !== null && (item.listenedSeconds > length || item.position > length)) return "too_long";
    if (isLocked(resource.resource, user, startedAt)) return "not_entitled";
    return null;
  }

  /** A report that changed nothing (unknown, ended or replayed session): 404, or the session as it is. */
  async function notTaken(userId: string, sessionId: string, end: boolean, at: Date) {
    const found = await findSession(db, userId, sessionId);
    if (!found) throw notFound("Session");
    if (end && !found.endedAt) await endSession(db, found.id, at);
    return { counted: found.counted, finished: found.finished };
  }

  /** Counts the play of a reported session, under the locks countPlay needs (session, then progress). */
  function countReported(userId: string, sessionId: string, at: Date) {
    return db.transaction(async (tx) => {
      const { session: s, durationSeconds } = (await lockSession(tx, userId, sessionId))!;
      await lockProgress(tx, userId, s.resourceId);
      const counted = await countPlay(tx, s, durationSeconds, at);
      if (counted && !s.counted) await updateSession(tx, s.id, { counted: true });
      return counted;
    });
  }

  /** Records an accepted offline session, its progress (if the most recent) and its play. */
  async function acceptSynced(userId: string, item: SyncSession, durationSeconds: number | null) {
    const startedAt = new Date(item.startedAt);
    const endedAt = new Date(item.endedAt);
    const listenedSeconds = Math.min(
      item.listenedSeconds,
      (endedAt.getTime() - startedAt.getTime()) / SECOND,
    );
    await db.transaction(async (tx) => {
      const row = await insertSyncedSession(
        tx,
        {
          userId,
          resourceId: item.resourceId,
          clientId: item.clientId,
          listenedSeconds,
          position: item.position,
          moodBefore: item.moodBefore ?? null,
          moodAfter: item.moodAfter ?? null,
          startedAt,
          lastReportAt: endedAt,
          endedAt,
        },
        durationSeconds,
      );
      // Sent at the same time by another call: that one records it.
      if (!row) return;
      await saveProgress(tx, userId, item.resourceId, row.finished ? 0 : item.position, endedAt);
      await addToDayTotals(tx, userId, startedAt, listenedSeconds);
      const s = { id: row.id, userId, resourceId: item.resourceId, listenedSeconds, counted: false };
      if (await countPlay(tx, s, durationSeconds, endedAt))
        await updateSession(tx, row.id, { counted: true });
    });
  }

  return {
    /** Opens a session (ending the open one of this content) and grants the stream. */
    async start(userId: string, resourceId: string, body: StartSessionBody, origin: string) {
      const at = now();
      const [user, resource] = await Promise.all([listener(userId), listenable(resourceId)]);
      if (isLocked(resource.resource, user, at))
        throw new AppError("subscription_required", "This content needs a subscription");
      const durationSeconds = resource.resource.durationSeconds;
      const session = await db.transaction(async (tx) => {
        await endOpenSessions(tx, userId, resourceId, at);
        const saved = await findProgress(tx, userId, resourceId);
        const startPosition = Math.min(body.position ?? saved?.position ?? 0, durationSeconds ?? Infinity);
        return insertSession(tx, {
          userId,
          resourceId,
          position: startPosition,
          moodBefore: body.moodBefore ?? null,
          startedAt: at,
          lastReportAt: at,
        });
      });
      const grant = await stream.grant(userId, resourceId, origin);
      return {
        sessionId: session.id,
        stream: { url: grant.url, expiresAt: iso(grant.expiresAt) },
        startPosition: session.position,
        durationSeconds,
      };
    },

    /**
     * A progress report, or the end of the session (`end`). The seconds are clamped to the wall
     * time since the previous report; a report whose seq is not newer, or one to an ended
     * session, changes nothing (an end still ends an open session). The report itself is one
     * statement; a play is counted after it, in its own transaction, when the rule is met.
     */
    async report(userId: string, sessionId: string, body: ProgressBody | EndSessionBody, end: boolean) {
      const at = now();
      const moods: Partial<EndSessionBody> = body;
      const taken = await reportProgress(db, {
        userId,
        sessionId,
        seq: body.seq,
        listenedSeconds: body.listenedSeconds,
        position: body.position,
        at,
        end: end ? { moodBefore: moods.moodBefore ?? null, moodAfter: moods.moodAfter ?? null } : null,
      });
      if (!taken) return notTaken(userId, sessionId, end, at);
      const due =
        !taken.counted && !taken.playNear && taken.listenedSeconds >= playThreshold(taken.durationSeconds);
      const counted = due ? await countReported(userId, sessionId, at) : taken.counted;
      return { counted, finished: taken.finished };
    },

    /** Offline sessions: each judged once by clientId (a repeat answers the first verdict again). */
    async sync(userId: string, items: SyncSession[]): Promise<SyncVerdict[]> {
      const at = now();
      const user = await listener(userId);
      const known = await knownSyncVerdicts(
        db,
        userId,
        items.map((i) => i.clientId),
      );
      const found = await findPublishedResources(db, [...new Set(items.map((i) => i.resourceId))]);
      const resources = new Map(found.map((r) => [r.resource.id, r]));
      const verdicts: SyncVerdict[] = [];
      for (const item of items) {
        if (!known.has(item.clientId)) {
          const resource = resources.get(item.resourceId);
          const refusal = judge(item, user, resource, at);
          if (refusal) await insertSyncRefusal(db, userId, item.clientId, refusal);
          else await acceptSynced(userId, item, resource!.resource.durationSeconds);
          known.set(item.clientId, refusal);
        }
        const reason = known.get(item.clientId) as SyncRefusal | null;
        verdicts.push(
          reason
            ? { clientId: item.clientId, accepted: false, reason }
            : { clientId: item.clientId, accepted: true },
        );
      }
      return verdicts;
    },

    /** Closes sessions with no report for 36 hours; null when another instance is doing it. */
    closeSilent: () => closeSilentSessions(db, new Date(now().getTime() - SILENT_SESSION_MS)),
  };
}
