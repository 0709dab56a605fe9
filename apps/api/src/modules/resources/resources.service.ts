import {
  type CreateResourceInput,
  durationToSeconds,
  type ResourceListQuery,
  type UpdateResourceInput,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { type Actor, recordActivity } from "../activity/activity.repository.ts";
import { findInterest } from "../interests/interests.repository.ts";
import type { MediaService } from "../media/media.service.ts";
import { insertUserMessage } from "../messages/messages.repository.ts";
import { findUserById } from "../users/users.repository.ts";
import {
  deleteResource,
  findResource,
  insertResource,
  listResources,
  topResources,
  updateResource,
} from "./resources.repository.ts";

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);

export function createResourcesService(db: Db, media: MediaService) {
  async function checkReferences(body: { userID: string; interestID?: string | null | undefined }) {
    if (!(await findUserById(db, body.userID))) throw invalid("userID", "User not found");
    if (body.interestID && !(await findInterest(db, body.interestID)))
      throw invalid("interestID", "Interest not found");
  }

  const service = {
    list: (query: ResourceListQuery) => listResources(db, query),
    top: (limit: number) => topResources(db, limit),

    async get(id: string) {
      const found = await findResource(db, id);
      if (!found) throw notFound("Content");
      return found;
    },

    /** Admin-created content is published at once. */
    async create(actor: Actor, input: CreateResourceInput, origin: string) {
      await checkReferences(input);
      const imageKey = await media.keyFor(input.image, "image", "image", origin);
      const audioKey = await media.keyFor(input.resourceUrl, "audio", "resourceUrl", origin);
      const id = await db.transaction(async (tx) => {
        const { id } = await insertResource(tx, {
          title: input.title,
          description: input.description,
          imageKey,
          audioKey,
          duration: input.duration,
          durationSeconds: durationToSeconds(input.duration),
          mood: input.moodType,
          interestId: input.interestID ?? null,
          userId: input.userID,
          paymentType: input.paymentType,
          reviewState: "published",
          reviewedBy: actor.userId,
          reviewedAt: new Date(),
        });
        await recordActivity(tx, actor, "resource.create", "resource", id, { title: input.title });
        return id;
      });
      return service.get(id);
    },

    /** Updates the fields sent; a replaced image or audio file is removed once the row points at the new one. */
    async update(actor: Actor, id: string, input: UpdateResourceInput, origin: string) {
      const current = (await service.get(id)).resource;
      await checkReferences(input);
      const imageKey = input.image ? await media.keyFor(input.image, "image", "image", origin) : undefined;
      const audioKey = input.resourceUrl
        ? await media.keyFor(input.resourceUrl, "audio", "resourceUrl", origin)
        : undefined;
      await db.transaction(async (tx) => {
        await updateResource(tx, id, {
          title: input.title,
          description: input.description,
          duration: input.duration,
          durationSeconds: input.duration === undefined ? undefined : durationToSeconds(input.duration),
          mood: input.moodType,
          interestId: input.interestID === undefined ? undefined : input.interestID,
          userId: input.userID,
          paymentType: input.paymentType,
          imageKey,
          audioKey,
        });
        await recordActivity(tx, actor, "resource.update", "resource", id, { title: input.title });
      });
      await media.discard([
        imageKey && imageKey !== current.imageKey ? current.imageKey : null,
        audioKey && audioKey !== current.audioKey ? current.audioKey : null,
      ]);
      return service.get(id);
    },

    /** Approve: publishes content waiting for review (hosts' uploads). */
    async approve(actor: Actor, id: string) {
      const current = (await service.get(id)).resource;
      if (current.reviewState !== "published") {
        await db.transaction(async (tx) => {
          await updateResource(tx, id, {
            reviewState: "published",
            reviewedBy: actor.userId,
            reviewedAt: new Date(),
          });
          await recordActivity(tx, actor, "resource.approve", "resource", id, { title: current.title });
        });
      }
      return service.get(id);
    },

    /** Send feedback: a message to the content's uploader, in their inbox. */
    async feedback(actor: Actor, id: string, message: string) {
      const current = (await service.get(id)).resource;
      if (!current.userId)
        throw new AppError("conflict", "The uploader of this content has deleted their account");
      await db.transaction(async (tx) => {
        await insertUserMessage(tx, {
          kind: "feedback",
          userId: current.userId,
          resourceId: id,
          title: `About "${current.title}"`,
          body: message,
          sentBy: actor.userId,
        });
        await recordActivity(tx, actor, "resource.feedback", "resource", id);
      });
    },

    async remove(actor: Actor, id: string) {
      const gone = await db.transaction(async (tx) => {
        const row = await deleteResource(tx, id);
        if (!row) throw notFound("Content");
        await recordActivity(tx, actor, "resource.delete", "resource", id, { title: row.title });
        return row;
      });
      await media.discard([gone.imageKey, gone.audioKey]);
      return gone;
    },
  };
  return service;
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
