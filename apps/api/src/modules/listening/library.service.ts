/** The listener's library: continue listening, history and favourites, a page at a time. */
import type { AppResourceRow } from "../catalogue/index.ts";
import { isPaid } from "../entitlement/index.ts";
import { parseTimeCursor, timePage } from "../../lib/paging.ts";
import type { ListeningCore } from "./listening-core.ts";
import {
  addFavourite,
  hideProgress,
  listContinue,
  listFavourites,
  listHistory,
  removeFavourite,
} from "./library.repository.ts";

export function createLibrary({ db, now, listener, listenable }: ListeningCore) {
  return {
    async continueListening(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listContinue(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.resource.id],
        (r) => ({
          row: r,
          entitled: isPaid(user.paidUntil, at),
          position: r.position,
          updatedAt: r.updatedAt,
        }),
      );
    },

    /** The first `limit` of continue listening, as content rows (the home screen's row). */
    continueRows: (userId: string, limit: number): Promise<AppResourceRow[]> =>
      listContinue(db, userId, null, limit),

    /** Removes a content from continue listening (until it is listened to again). */
    hideProgress: (userId: string, resourceId: string) => hideProgress(db, userId, resourceId),

    async history(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listHistory(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.id],
        (r) => ({
          row: r,
          entitled: isPaid(user.paidUntil, at),
          listenedSeconds: Math.round(r.listenedSeconds),
          startedAt: r.startedAt,
          finished: r.finished,
        }),
      );
    },

    async favourites(userId: string, cursor: string | undefined, limit: number) {
      const at = now();
      const [user, rows] = await Promise.all([
        listener(userId),
        listFavourites(db, userId, parseTimeCursor(cursor), limit + 1),
      ]);
      return timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.resource.id],
        (r) => ({ row: r, entitled: isPaid(user.paidUntil, at) }),
      );
    },

    /** Idempotent: a favourite added twice is one favourite. */
    async addFavourite(userId: string, resourceId: string) {
      await listenable(resourceId);
      await addFavourite(db, userId, resourceId);
    },

    /** Idempotent: removing what is not a favourite is fine. */
    removeFavourite: (userId: string, resourceId: string) => removeFavourite(db, userId, resourceId),
  };
}
