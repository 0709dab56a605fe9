import {
  type CreateResourceInput,
  type ResourceBulkInput,
  type ResourceFilter,
  type ResourceListQuery,
  type UpdateResourceInput,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { bulkMessage, bulkRows, runBulk } from "../../lib/bulk.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { AuthContext, MediaUrl } from "../../plugins/types.ts";
import { type Actor, markNotificationsReadFor, recordActivity } from "../activity/index.ts";
import { findInterest } from "../interests/index.ts";
import { contentReviewed, type Mailer } from "../mail/index.ts";
import type { MediaService } from "../media/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import { findUserById } from "../users/index.ts";
import {
  applyMeasurement,
  deleteResource,
  eachResource,
  findResource,
  insertResource,
  listResources,
  measuredColumns,
  type ResourceRow,
  resourcesByIds,
  resourcesMatching,
  restoreResourceRow,
  topResources,
  trashResourceRow,
  unmeasuredAudioKeys,
  updateResource,
} from "./resources.repository.ts";
import { reviewHistory } from "./review-history.ts";
import { transcriptColumns } from "./transcript.ts";

/** Audio files measured per run of the jobs (each decoded whole: about a second per ten minutes of audio). */
export const MEASUREMENTS_PER_RUN = 20;

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

  /**
   * Approves or declines content inside the caller's transaction: the state, the uploader's inbox
   * message (the feedback kept there is what their app shows beside the content), the alert read,
   * the activity entry. Answers the e-mail to the uploader, sent once committed.
   */
  async function reviewIn(tx: Db, actor: Actor, current: ResourceRow, decision: ReviewDecision) {
    if (decision.state === "declined" && current.reviewState !== "pending") {
      throw conflict(
        `This content is ${current.reviewState}: only content waiting for review can be declined`,
      );
    }
    const id = current.id;
    const uploader = current.userId ? await findUserById(tx, current.userId) : undefined;
    const published = decision.state === "published";
    const feedback = decision.feedback ?? null;
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
    return () => {
      if (!uploader) return;
      mailer.queue({
        to: { name: uploader.username, address: uploader.email },
        ...contentReviewed({
          username: uploader.username,
          title: current.title,
          decision: decision.state,
          feedback,
          contentUrl: `${siteUrl}/listen/host/content/${id}`,
          supportEmail,
        }),
      });
    };
  }

  /**
   * An admin's delete: the content goes to the trash (hidden everywhere) until restored or purged;
   * an alert about it (a submission to review) is read.
   */
  async function trashIn(tx: Db, actor: Actor, before: ResourceRow) {
    const after = await trashResourceRow(tx, before.id, actor.userId);
    if (!after) throw notFound("Content");
    await markNotificationsReadFor(tx, "resource", before.id);
    await recordActivity(
      tx,
      actor,
      "resource.trash",
      "resource",
      before.id,
      { title: before.title },
      { before, after },
    );
    return after;
  }

  const service = {
    list: (query: ResourceListQuery) => listResources(db, query),

    /**
     * Measures the audio of contents stored before measuring (or whose columns disagree with
     * their file), up to `limit` files a run; answers how many files were measured.
     */
    async measureUnmeasured(limit = MEASUREMENTS_PER_RUN) {
      let measured = 0;
      for (const key of await unmeasuredAudioKeys(db, limit)) {
        // One missing or broken file (recorded as such by the media module) does not stop the others.
        const facts = await media.audioFacts(key).catch(() => null);
        if (!facts) continue;
        await applyMeasurement(db, key, facts);
        measured++;
      }
      return measured;
    },

    /** The contents a filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, filter: ResourceFilter) {
      await recordActivity(db, actor, "resource.export", "resource", null, { filter });
      return eachResource(db, filter);
    },
    top: (limit: number) => topResources(db, limit),

    async get(id: string) {
      const found = await findResource(db, id);
      if (!found) throw notFound("Content");
      return found;
    },

    /** A content's review history (review-history.ts); 404 for no such content. */
    async history(id: string, mediaUrl: MediaUrl) {
      await service.get(id);
      return reviewHistory(db, id, mediaUrl);
    },

    /** Admin-created content is published at once. */
    async create(actor: AuthContext, input: CreateResourceInput, origin: string) {
      await checkReferences(input);
      const imageKey = await media.keyFor(input.image, "image", "image", { origin, by: actor });
      const audioKey = await media.keyFor(input.resourceUrl, "audio", "resourceUrl", { origin, by: actor });
      const measured = measuredColumns(await media.audioFacts(audioKey));
      const transcript = transcriptColumns(input.transcript);
      const id = await db.transaction(async (tx) => {
        const created = await insertResource(tx, {
          title: input.title,
          description: input.description,
          imageKey,
          audioKey,
          ...measured,
          ...transcript,
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
      // A typed duration is ignored: the audio file's measurement is the duration.
      const measured = audioKey ? measuredColumns(await media.audioFacts(audioKey)) : {};
      const transcript = transcriptColumns(input.transcript);
      await db.transaction(async (tx) => {
        const updated = await updateResource(tx, id, {
          title: input.title,
          description: input.description,
          ...measured,
          ...transcript,
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
      const tell = await db.transaction((tx) => reviewIn(tx, actor, current, decision));
      tell();
      return service.get(id);
    },

    /** Send feedback: a message to the content's uploader, in their inbox. */
    async feedback(actor: Actor, id: string, message: string) {
      const current = (await service.get(id)).resource;
      if (!current.userId)
        throw new AppError("conflict", "The uploader of this content has deleted their account");
      await db.transaction(async (tx) => {
        const row = await insertUserMessage(tx, {
          kind: "feedback",
          userId: current.userId,
          resourceId: id,
          title: `About "${current.title}"`,
          body: message,
          sentBy: actor.userId,
        });
        // The content is left as it was: the record is the uploader's inbox message, sent.
        await recordActivity(
          tx,
          actor,
          "resource.feedback",
          "resource",
          id,
          { title: current.title, messageId: row.id },
          { after: row },
        );
      });
    },

    /** An admin's delete: to the trash (restorable until the purge). */
    async remove(actor: Actor, id: string) {
      const { resource } = await service.get(id);
      return db.transaction((tx) => trashIn(tx, actor, resource));
    },

    /**
     * One action for many contents (picked, or all matching the list's filter) in one
     * transaction: delete, publish or decline (with the feedback every uploader is told); one
     * activity entry per content; one the rules refuse (declining published content) is left as
     * it was and reported.
     */
    async bulk(actor: Actor, body: ResourceBulkInput) {
      const { rows, missing } = await bulkRows(body, "contents", {
        byIds: (ids) => resourcesByIds(db, ids),
        matching: (limit) => resourcesMatching(db, body.filter!, limit),
      });
      const name = (row: ResourceRow) => row.title;
      if (body.action === "delete") {
        const result = await runBulk(db, rows, name, (tx, row) => trashIn(tx, actor, row), missing);
        return { ...result, message: bulkMessage(result, "deleted", "content", "contents") };
      }
      const decision: ReviewDecision =
        body.action === "publish"
          ? { state: "published", feedback: body.feedback }
          : { state: "declined", feedback: body.feedback };
      const result = await runBulk(
        db,
        rows,
        name,
        async (tx, row) => {
          if (row.reviewState === "published" && decision.state === "published")
            throw conflict("Already published");
          return reviewIn(tx, actor, row, decision);
        },
        missing,
      );
      for (const tell of result.results) tell();
      const done = decision.state === "published" ? "published" : "declined";
      return { ...result, message: bulkMessage(result, done, "content", "contents") };
    },
  };
  return service;
}

export type ResourcesService = ReturnType<typeof createResourcesService>;

/** Takes a content out of the trash inside the caller's transaction, with its activity entry. */
export async function restoreResourceIn(tx: Db, actor: Actor, before: ResourceRow) {
  const after = await restoreResourceRow(tx, before.id);
  if (!after) throw notFound("Content in the trash");
  await recordActivity(
    tx,
    actor,
    "resource.restore",
    "resource",
    before.id,
    { title: before.title },
    { before, after },
  );
  return after;
}

/**
 * Deletes a content for real inside the caller's transaction (the trash's purge), with its
 * activity entry; answers the media keys to discard once committed.
 */
export async function purgeResourceIn(tx: Db, actor: Actor | null, id: string) {
  const gone = await deleteResource(tx, id);
  if (!gone) throw notFound("Content");
  await recordActivity(tx, actor, "resource.purge", "resource", id, { title: gone.title }, { before: gone });
  return [gone.imageKey, gone.audioKey];
}
