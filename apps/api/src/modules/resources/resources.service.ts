import {
  type CreateResourceInput,
  durationToSeconds,
  type ResourceListQuery,
  type UpdateResourceInput,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, markNotificationsReadFor, recordActivity } from "../activity/index.ts";
import { findInterest } from "../interests/index.ts";
import { contentReviewed, type Mailer } from "../mail/index.ts";
import type { MediaService } from "../media/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import { findUserById } from "../users/index.ts";
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

export interface ResourcesDeps {
  /** Tells an uploader the review's decision. */
  mailer: Mailer;
  supportEmail: string;
  /** The base of the links e-mails carry (config's PUBLIC_URL), never the request's host. */
  siteUrl: string;
}

/** A review's decision: publish (a note optional) or decline (feedback required by the contract). */
export type ReviewDecision =
  { state: "published"; feedback?: string | undefined } | { state: "declined"; feedback: string };

export function createResourcesService(
  db: Db,
  media: MediaService,
  { mailer, supportEmail, siteUrl }: ResourcesDeps,
) {
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
    async create(actor: AuthContext, input: CreateResourceInput, origin: string) {
      await checkReferences(input);
      const imageKey = await media.keyFor(input.image, "image", "image", { origin, by: actor });
      const audioKey = await media.keyFor(input.resourceUrl, "audio", "resourceUrl", { origin, by: actor });
      const id = await db.transaction(async (tx) => {
        const created = await insertResource(tx, {
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
        await recordActivity(
          tx,
          actor,
          "resource.create",
          "resource",
          created.id,
          { title: input.title },
          { after: created },
        );
        return created.id;
      });
      return service.get(id);
    },

    /** Updates the fields sent; a replaced image or audio file is removed once the row points at the new one. */
    async update(actor: AuthContext, id: string, input: UpdateResourceInput, origin: string) {
      const current = (await service.get(id)).resource;
      await checkReferences(input);
      const imageKey = input.image
        ? await media.keyFor(input.image, "image", "image", { origin, by: actor, current: current.imageKey })
        : undefined;
      const audioKey = input.resourceUrl
        ? await media.keyFor(input.resourceUrl, "audio", "resourceUrl", {
            origin,
            by: actor,
            current: current.audioKey,
          })
        : undefined;
      await db.transaction(async (tx) => {
        const updated = await updateResource(tx, id, {
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
        await recordActivity(
          tx,
          actor,
          "resource.update",
          "resource",
          id,
          { title: input.title ?? current.title },
          { before: current, after: updated },
        );
      });
      await media.discard([
        imageKey && imageKey !== current.imageKey ? current.imageKey : null,
        audioKey && audioKey !== current.audioKey ? current.audioKey : null,
      ]);
      return service.get(id);
    },

    /**
     * Approve or decline content waiting for review (hosts' uploads); approving published
     * content changes nothing. The uploader is told in their app inbox (the feedback kept there
     * is what their app shows beside the content) and by e-mail; the alert about it is read.
     */
    async review(actor: Actor, id: string, decision: ReviewDecision) {
      const current = (await service.get(id)).resource;
      if (current.reviewState === decision.state && decision.state === "published") return service.get(id);
      if (decision.state === "declined" && current.reviewState !== "pending") {
        throw conflict(
          `This content is ${current.reviewState}: only content waiting for review can be declined`,
        );
      }
      const uploader = current.userId ? await findUserById(db, current.userId) : undefined;
      const published = decision.state === "published";
      const feedback = decision.feedback ?? null;
      await db.transaction(async (tx) => {
        const reviewed = await updateResource(tx, id, {
          reviewState: decision.state,
          reviewedBy: actor.userId,
          reviewedAt: new Date(),
        });
        if (uploader) {
          await insertUserMessage(tx, {
            kind: "feedback",
            userId: uploader.id,
            resourceId: id,
            title: published ? `“${current.title}” is published` : `“${current.title}” needs changes`,
            body: feedback ?? "Approved: listeners can now find it in Serene.",
            sentBy: actor.userId,
          });
        }
        await markNotificationsReadFor(tx, "resource", id);
        await recordActivity(
          tx,
          actor,
          published ? "resource.approve" : "resource.decline",
          "resource",
          id,
          { title: current.title, ...(feedback && { feedback }) },
          { before: current, after: reviewed },
        );
      });
      if (uploader) {
        mailer.queue({
          to: { name: uploader.username, address: uploader.email },
          ...contentReviewed({
            username: uploader.username,
            title: current.title,
            decision: decision.state,
            feedback,
            inboxUrl: `${siteUrl}/listen/inbox`,
            supportEmail,
          }),
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
        await recordActivity(
          tx,
          actor,
          "resource.delete",
          "resource",
          id,
          { title: row.title },
          { before: row },
        );
        return row;
      });
      await media.discard([gone.imageKey, gone.audioKey]);
      return gone;
    },
  };
  return service;
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
