import type { CreateSeriesBody, UpdateSeriesBody } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { parseTimeCursor, timePage } from "../../lib/paging.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { type AppResourceRow, findInterestIds } from "../catalogue/index.ts";
import { entitlementOf } from "../entitlement/index.ts";
import type { Attacher, MediaService } from "../media/index.ts";
import {
  deleteSeries,
  existingResourceIds,
  findPublishedSeries,
  findSeries,
  homeSeries,
  insertSeries,
  listPublishedSeries,
  listSeriesPage,
  publishedSeriesItems,
  publishedSeriesOf,
  replaceSeriesItems,
  type SeriesRow,
  seriesItemIds,
  updateSeries,
} from "./series.repository.ts";

const fieldError = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);

type Item = Awaited<ReturnType<typeof publishedSeriesItems>>[number];

/** The first unfinished item after `from` (by position), else the first unfinished one before it. */
/**
 * The one rule for a series' next item (APP-API.md part 3), used by /app/series/:id's `next`, the
 * home's series row and the end of a session's `nextInSeries`: the first unfinished item.
 */
function nextOf(items: Item[]) {
  return items.find((i) => !i.finished) ?? null;
}

export function createSeriesService(db: Db, media: MediaService) {
  const entitled = async (userId: string) => (await entitlementOf(db, userId)).paid;

  async function withItems(row: SeriesRow) {
    return { series: row, itemIds: (await seriesItemIds(db, [row.id])).get(row.id)! };
  }

  /** The items must be contents and the interest must exist (a 400 naming the field otherwise). */
  async function check(body: Partial<CreateSeriesBody>) {
    if (body.itemIds) {
      const known = await existingResourceIds(db, body.itemIds);
      const missing = body.itemIds.findIndex((id) => !known.has(id));
      if (missing >= 0) throw fieldError(`itemIds.${missing}`, "is not a content");
    }
    if (body.interestID && !(await findInterestIds(db, [body.interestID])).length)
      throw fieldError("interestID", "is not an interest");
  }

  const imageKey = (
    image: string | null | undefined,
    by: Attacher,
    origin: string,
    current?: string | null,
  ) => (image ? media.keyFor(image, "image", "image", { origin, by, current }) : Promise.resolve(image));

  return {
    // ---- The back office ----

    async create(actor: Actor & Attacher, body: CreateSeriesBody, origin: string) {
      await check(body);
      const key = await imageKey(body.image, actor, origin);
      return db.transaction(async (tx) => {
        const row = await insertSeries(tx, {
          title: body.title,
          description: body.description,
          imageKey: key ?? null,
          interestId: body.interestID,
          published: body.published,
          createdBy: actor.userId,
        });
        await replaceSeriesItems(tx, row.id, body.itemIds);
        await recordActivity(
          tx,
          actor,
          "series.create",
          "series",
          row.id,
          { title: row.title },
          { after: row },
        );
        return { series: row, itemIds: body.itemIds };
      });
    },

    async update(actor: Actor & Attacher, id: string, body: UpdateSeriesBody, origin: string) {
      const current = await findSeries(db, id);
      if (!current) throw notFound("Series");
      await check(body);
      const key = await imageKey(body.image, actor, origin, current.imageKey);
      const row = await db.transaction(async (tx) => {
        const updated = await updateSeries(tx, id, {
          title: body.title,
          description: body.description,
          imageKey: key,
          interestId: body.interestID,
          published: body.published,
        });
        if (body.itemIds) await replaceSeriesItems(tx, id, body.itemIds);
        await recordActivity(
          tx,
          actor,
          "series.update",
          "series",
          id,
          { fields: Object.keys(body) },
          { before: current, after: updated },
        );
        return updated!;
      });
      if (key !== undefined && key !== current.imageKey) await media.discard([current.imageKey]);
      return withItems(row);
    },

    async remove(actor: Actor, id: string) {
      const gone = await db.transaction(async (tx) => {
        const row = await deleteSeries(tx, id);
        if (row) {
          await recordActivity(
            tx,
            actor,
            "series.delete",
            "series",
            id,
            { title: row.title },
            { before: row },
          );
        }
        return row;
      });
      if (!gone) throw notFound("Series");
      await media.discard([gone.imageKey]);
    },

    async get(id: string) {
      const row = await findSeries(db, id);
      if (!row) throw notFound("Series");
      return withItems(row);
    },

    async list(q: string | undefined, page: number, limit: number) {
      const { rows, total } = await listSeriesPage(db, q, page, limit);
      const items = await seriesItemIds(
        db,
        rows.map((r) => r.id),
      );
      return { rows: rows.map((r) => ({ series: r, itemIds: items.get(r.id)! })), total };
    },

    // ---- The listener's side ----

    async page(userId: string, cursor: string | undefined, limit: number) {
      const [rows, isEntitled] = await Promise.all([
        listPublishedSeries(db, userId, parseTimeCursor(cursor), limit + 1),
        entitled(userId),
      ]);
      return {
        entitled: isEntitled,
        ...timePage(
          rows,
          limit,
          (r) => [r.cursorAt, r.series.id],
          (r) => r,
        ),
      };
    },

    async detail(userId: string, id: string) {
      const [summary, items, isEntitled] = await Promise.all([
        findPublishedSeries(db, userId, id),
        publishedSeriesItems(db, userId, [id]),
        entitled(userId),
      ]);
      if (!summary) throw notFound("Series");
      return { summary, items, next: nextOf(items), entitled: isEntitled };
    },

    /** The next item (nextOf) of the newest published series holding this content. */
    async nextOfSeriesHolding(userId: string, resourceId: string): Promise<AppResourceRow | null> {
      const [seriesId] = await publishedSeriesOf(db, resourceId);
      if (!seriesId) return null;
      return nextOf(await publishedSeriesItems(db, userId, [seriesId]));
    },

    /** Home's series row: series with unfinished items first, and each one's next item. */
    async home(userId: string, limit: number) {
      const rows = await homeSeries(db, userId, limit);
      const items = await publishedSeriesItems(
        db,
        userId,
        rows.map((r) => r.series.id),
      );
      const next = rows
        .map((r) => nextOf(items.filter((i) => i.seriesId === r.series.id)))
        .filter((n) => n !== null);
      return { series: rows, next };
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
