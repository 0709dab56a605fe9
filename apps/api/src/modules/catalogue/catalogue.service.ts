import type { AppResourceQuery } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { parseCursor, splitTier, timePage } from "../../lib/paging.ts";
import { findUserById } from "../users/index.ts";
import { entitlementOf } from "../entitlement/index.ts";
import {
  type AppResourceRow,
  findPublishedResource,
  homeFilters,
  homeRow,
  listAppInterests,
  listPublishedResources,
  SORTS,
  sortValue,
  userInterestIds,
} from "./catalogue.repository.ts";
import type { SeriesSummary } from "./catalogue.presenter.ts";

const HOME_ROW = 10;
const MOOD_TITLES = {
  happy: "For a happy day",
  sad: "For when you feel low",
  angry: "To let anger go",
} as const;

export interface CatalogueDeps {
  /**
   * The listener's resume positions, newest first, without finished or hidden ones (the
   * listening module's, given here so the catalogue does not import listening).
   */
  continueListening: (userId: string, limit: number) => Promise<AppResourceRow[]>;
  /** Today's pick (the habit module's), null when nothing is playable. */
  todayPick: (userId: string) => Promise<AppResourceRow | null>;
  /** Series with unfinished items first, and each one's next item (the series module's). */
  seriesShelf: (
    userId: string,
    limit: number,
  ) => Promise<{ series: SeriesSummary[]; next: AppResourceRow[] }>;
}

export function createCatalogueService(db: Db, { continueListening, todayPick, seriesShelf }: CatalogueDeps) {
  const entitled = async (userId: string) => (await entitlementOf(db, userId)).paid;

  async function page(userId: string, query: AppResourceQuery) {
    const { cursor, tier } = splitTier(query.cursor);
    const after = parseCursor(cursor, SORTS[query.sort].cursor);
    if (
      query.minSeconds !== undefined &&
      query.maxSeconds !== undefined &&
      query.minSeconds > query.maxSeconds
    ) {
      throw new AppError("validation_failed", "maxSeconds: must be at least minSeconds", [
        { field: "maxSeconds", message: "must be at least minSeconds" },
      ]);
    }
    // The page and the listener's entitlement do not wait for each other.
    const [rows, isEntitled] = await Promise.all([
      listPublishedResources(db, { ...query, after, tier }),
      entitled(userId),
    ]);
    const { items, nextCursor } = timePage(
      rows,
      query.limit,
      (r) =>
        query.q
          ? [sortValue(r, query.sort), r.resource.id, r.tier]
          : [sortValue(r, query.sort), r.resource.id],
      (r) => r,
    );
    return { rows: items, entitled: isEntitled, nextCursor };
  }

  return {
    interests: () => listAppInterests(db),

    list: page,

    async interestResources(
      userId: string,
      interestId: string,
      query: Pick<AppResourceQuery, "cursor" | "limit">,
    ) {
      const [interest] = await listAppInterests(db, [interestId]);
      if (!interest) throw notFound("Interest");
      return page(userId, { ...query, interest: interestId, sort: "new" });
    },

    async get(userId: string, id: string) {
      const row = await findPublishedResource(db, id);
      if (!row) throw notFound("Content");
      return { row, entitled: await entitled(userId) };
    },

    /**
     * The home screen's rows, one call: today's pick, continue listening, series. Rows for a mood or interests
     * the listener has not chosen are empty, as is continue listening before any listening.
     */
    async home(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound("User");
      const interestIds = await userInterestIds(db, userId);
      const [today, resume, shelf, mood, mine, fresh, popular, free, isEntitled] = await Promise.all([
        todayPick(userId),
        continueListening(userId, HOME_ROW),
        seriesShelf(userId, HOME_ROW),
        user.mood ? homeRow(db, homeFilters.mood(user.mood), "popular", HOME_ROW) : [],
        interestIds.length ? homeRow(db, homeFilters.interests(interestIds), "new", HOME_ROW) : [],
        homeRow(db, undefined, "new", HOME_ROW),
        homeRow(db, undefined, "popular", HOME_ROW),
        homeRow(db, homeFilters.free(), "popular", HOME_ROW),
        entitled(userId),
      ]);
      return {
        entitled: isEntitled,
        sections: [
          { key: "today" as const, title: "Today", rows: today ? [today] : [] },
          { key: "continue" as const, title: "Continue listening", rows: resume },
          { key: "series" as const, title: "Series", rows: shelf.next, series: shelf.series },
          { key: "mood" as const, title: user.mood ? MOOD_TITLES[user.mood] : "For your mood", rows: mood },
          { key: "interests" as const, title: "For your interests", rows: mine },
          { key: "new" as const, title: "New", rows: fresh },
          { key: "popular" as const, title: "Popular", rows: popular },
          { key: "free" as const, title: "Free to listen", rows: free },
        ],
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
