import type { ContentStats, HostResourceBody, HostResourcePatch, ReviewState } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { decodeCursor, encodeCursor } from "../../lib/paging.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import { findInterestIds } from "../catalogue/index.ts";
import type { MediaService } from "../media/index.ts";
import { deleteResource, insertResource, updateResource } from "../resources/index.ts";
import { findHostResource, listHostResources } from "./host-content.repository.ts";

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);

export interface HostContentDeps {
  /** The listening figures of contents (the listening module's, given in app.ts). */
  contentStatsOf: (resourceIds: string[]) => Promise<Map<string, ContentStats>>;
}

/** Hosts' own content: created pending, changed or withdrawn only while pending; only admins publish. */
export function createHostContentService(db: Db, media: MediaService, { contentStatsOf }: HostContentDeps) {
  async function checkInterest(id: string | undefined) {
    if (id && !(await findInterestIds(db, [id])).length)
      throw invalid("interestID", "no interest has this id");
  }

  async function pendingOwn(host: AuthContext, id: string) {
    const row = await findHostResource(db, host.userId, id);
    if (!row) throw notFound("Content");
    if (row.resource.reviewState !== "pending") {
      throw conflict(
        `This content is ${row.resource.reviewState === "published" ? "published" : "declined"}: it can no longer be changed here`,
      );
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
      const imageKey = await media.keyFor(body.image, "image", "image", origin);
      const audioKey = await media.keyFor(body.resourceUrl, "audio", "resourceUrl", origin);
      const { id } = await db.transaction(async (tx) => {
        const row = await insertResource(tx, {
          title: body.title,
          description: body.description,
          imageKey,
          audioKey,
          mood: body.moodType,
          interestId: body.interestID,
          userId: host.userId,
          paymentType: body.paymentType,
          reviewState: "pending",
        });
        await recordActivity(tx, host, "resource.submit", "resource", row.id, { title: body.title });
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
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      if (query.cursor !== undefined && (after?.length !== 2 || after.some((v) => typeof v !== "string"))) {
        throw invalid("cursor", "is not a cursor of this list");
      }
      const rows = await listHostResources(db, host.userId, {
        ...query,
        after: after as [string, string] | null,
      });
      const more = rows.length > query.limit;
      const items = more ? rows.slice(0, query.limit) : rows;
      const last = items.at(-1);
      const stats = await contentStatsOf(items.map((r) => r.resource.id));
      return {
        items: items.map((row) => ({ row, stats: stats.get(row.resource.id) })),
        nextCursor:
          more && last ? encodeCursor([last.resource.timeCreated.toISOString(), last.resource.id]) : null,
      };
    },

    async update(host: AuthContext, id: string, body: HostResourcePatch, origin: string) {
      const current = (await pendingOwn(host, id)).resource;
      await checkInterest(body.interestID);
      const imageKey =
        body.image === undefined ? undefined : await media.keyFor(body.image, "image", "image", origin);
      const audioKey =
        body.resourceUrl === undefined
          ? undefined
          : await media.keyFor(body.resourceUrl, "audio", "resourceUrl", origin);
      await db.transaction(async (tx) => {
        await updateResource(tx, id, {
          title: body.title,
          description: body.description,
          mood: body.moodType,
          interestId: body.interestID,
          paymentType: body.paymentType,
          imageKey,
          audioKey,
        });
        await recordActivity(tx, host, "resource.update", "resource", id, {
          title: body.title ?? current.title,
        });
      });
      await media.discard([
        imageKey && imageKey !== current.imageKey ? current.imageKey : null,
        audioKey && audioKey !== current.audioKey ? current.audioKey : null,
      ]);
      return (await findHostResource(db, host.userId, id))!;
    },

    async withdraw(host: AuthContext, id: string) {
      await pendingOwn(host, id);
      const gone = await db.transaction(async (tx) => {
        const row = await deleteResource(tx, id);
        await recordActivity(tx, host, "resource.withdraw", "resource", id, { title: row?.title });
        return row;
      });
      await media.discard([gone?.imageKey, gone?.audioKey]);
    },
  };
  return service;
}

export type HostContentService = ReturnType<typeof createHostContentService>;
