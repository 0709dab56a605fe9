import type {
  ContentStats,
  HostResourceBody,
  HostResourcePatch,
  HostResourceStats,
  ReviewState,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseTimeCursor, timePage } from "../../lib/paging.ts";
import type { AuthContext, MediaUrl } from "../../plugins/types.ts";
import { alerts, notifyAdmins, recordActivity } from "../activity/index.ts";
import { findInterestIds } from "../catalogue/index.ts";
import type { MediaService } from "../media/index.ts";
import {
  addSubmission,
  measuredColumns,
  reviewHistory,
  reviseSubmission,
  transcriptColumns,
  withdrawSubmission,
} from "../resources/index.ts";
import { findHostResource, listHostResources } from "./host-content.repository.ts";

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);

export interface HostContentDeps {
  /** The listening figures of contents (the listening module's, given in app.ts). */
  contentStatsOf: (resourceIds: string[]) => Promise<Map<string, ContentStats>>;
}

/**
 * Hosts' own content: created pending (the back office is alerted), changed while pending or
 * declined (a declined one goes back to pending: sent again), withdrawn while pending; only
 * admins publish or decline.
 */
export function createHostContentService(db: Db, media: MediaService, { contentStatsOf }: HostContentDeps) {
  async function checkInterest(id: string | undefined) {
    if (id && !(await findInterestIds(db, [id])).length)
      throw invalid("interestID", "no interest has this id");
  }

  /** The host's own content in one of `states`; 409 (saying `otherwise`) in another. */
  async function ownIn(
    host: AuthContext,
    id: string,
    states: readonly ReviewState[],
    otherwise = "can no longer be changed here",
  ) {
    const row = await findHostResource(db, host.userId, id);
    if (!row) throw notFound("Content");
    if (!states.includes(row.resource.reviewState)) {
      throw conflict(`This content is ${row.resource.reviewState}: it ${otherwise}`);
    }
    return row;
  }

  const service = {
    /** Who may upload what: hosts any kind; other listeners only images (their picture). */
    uploadAllowed(auth: AuthContext, kind: "image" | "audio") {
      if (kind === "audio" && auth.role !== "host") throw forbidden();
    },

    async create(host: AuthContext, body: HostResourceBody, origin: string) {
      await checkInterest(body.interestID);
      const imageKey = await media.keyFor(body.image, "image", "image", { origin, by: host });
      const audioKey = await media.keyFor(body.resourceUrl, "audio", "resourceUrl", { origin, by: host });
      const measured = measuredColumns(await media.audioFacts(audioKey));
      const transcript = transcriptColumns(body.transcript);
      const { id } = await db.transaction(async (tx) => {
        const row = await addSubmission(tx, {
          title: body.title,
          description: body.description,
          imageKey,
          audioKey,
          ...measured,
          ...transcript,
          mood: body.moodType,
          interestId: body.interestID,
          userId: host.userId,
          paymentType: body.paymentType,
        });
        await recordActivity(
          tx,
          host,
          "resource.submit",
          "resource",
          row.id,
          { title: body.title },
          { after: row },
        );
        await notifyAdmins(
          tx,
          alerts.contentSubmission(row.id, { title: body.title, email: host.email, again: false }),
        );
        return row;
      });
      return (await findHostResource(db, host.userId, id))!;
    },

    async list(
      host: AuthContext,
      query: {
        state?: ReviewState | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ) {
      const rows = await listHostResources(db, host.userId, {
        ...query,
        after: parseTimeCursor(query.cursor),
      });
      const page = timePage(
        rows,
        query.limit,
        (r) => [r.cursorAt, r.resource.id],
        (row) => row,
      );
      const stats = await contentStatsOf(page.items.map((r) => r.resource.id));
      return { ...page, items: page.items.map((row) => ({ row, stats: stats.get(row.resource.id) })) };
    },

    /** One of the host's own contents with its review history (404 for another's). */
    async get(host: AuthContext, id: string, mediaUrl: MediaUrl) {
      const row = await findHostResource(db, host.userId, id);
      if (!row) throw notFound("Content");
      return { row, history: await reviewHistory(db, id, mediaUrl) };
    },

    /** A published content's figures for its host; 409 while it is not published. */
    async stats(host: AuthContext, id: string): Promise<HostResourceStats> {
      const { resource } = await ownIn(
        host,
        id,
        ["published"],
        "has no listening figures until it is published",
      );
      const stats = (await contentStatsOf([resource.id])).get(resource.id);
      return {
        plays: stats?.countedPlays ?? 0,
        listeners: stats?.uniqueListeners ?? 0,
        averageShare: stats?.averageShare ?? null,
      };
    },

    async update(host: AuthContext, id: string, body: HostResourcePatch, origin: string) {
      const current = (await ownIn(host, id, ["pending", "declined"])).resource;
      const again = current.reviewState === "declined";
      await checkInterest(body.interestID);
      const imageKey =
        body.image === undefined
          ? undefined
          : await media.keyFor(body.image, "image", "image", { origin, by: host, current: current.imageKey });
      const audioKey =
        body.resourceUrl === undefined
          ? undefined
          : await media.keyFor(body.resourceUrl, "audio", "resourceUrl", {
              origin,
              by: host,
              current: current.audioKey,
            });
      const measured = audioKey ? measuredColumns(await media.audioFacts(audioKey)) : {};
      const transcript = transcriptColumns(body.transcript);
      await db.transaction(async (tx) => {
        const updated = await reviseSubmission(
          tx,
          id,
          {
            ...measured,
            ...transcript,
            title: body.title,
            description: body.description,
            mood: body.moodType,
            interestId: body.interestID,
            paymentType: body.paymentType,
            imageKey,
            audioKey,
          },
          again,
        );
        const title = body.title ?? current.title;
        await recordActivity(
          tx,
          host,
          again ? "resource.resubmit" : "resource.update",
          "resource",
          id,
          { title },
          { before: current, after: updated },
        );
        if (again) {
          await notifyAdmins(tx, alerts.contentSubmission(id, { title, email: host.email, again }));
        }
      });
      await media.discard([
        imageKey && imageKey !== current.imageKey ? current.imageKey : null,
        audioKey && audioKey !== current.audioKey ? current.audioKey : null,
      ]);
      return (await findHostResource(db, host.userId, id))!;
    },

    async withdraw(host: AuthContext, id: string) {
      await ownIn(host, id, ["pending"]);
      const gone = await db.transaction(async (tx) => {
        const row = await withdrawSubmission(tx, id);
        await recordActivity(
          tx,
          host,
          "resource.withdraw",
          "resource",
          id,
          { title: row?.title },
          { before: row },
        );
        return row;
      });
      await media.discard([gone?.imageKey, gone?.audioKey]);
    },
  };
  return service;
}

export type HostContentService = ReturnType<typeof createHostContentService>;
