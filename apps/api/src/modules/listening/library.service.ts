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
  type After = ReturnType<typeof parseTimeCursor>;
  /**
   * One page of the listener's own rows (read one more than `limit`, to know whether more follow),
   * each with whether the listener may play it now and what its list adds.
   */
  async function listenerPage<R, T>(
    userId: string,
    cursor: string | undefined,
    limit: number,
    read: (after: After, limit: number) => Promise<R[]>,
    key: (row: R) => [string | number, string, ...number[]],
    extra: (row: R) => T,
  ) {
    const at = now();
    const [user, rows] = await Promise.all([listener(userId), read(parseTimeCursor(cursor), limit + 1)]);
    const entitled = isPaid(user.paidUntil, at);
    return timePage(rows, limit, key, (row) => ({ row, entitled, ...extra(row) }));
  }

  return {
    continueListening: (userId: string, cursor: string | undefined, limit: number) =>
      listenerPage(
        userId,
        cursor,
        limit,
        (after, n) => listContinue(db, userId, after, n),
        (r) => [r.cursorAt, r.resource.id],
        (r) => ({ position: r.position, updatedAt: r.updatedAt }),
      ),

    /** The first `limit` of continue listening, as content rows (the home screen's row). */
    continueRows: (userId: string, limit: number): Promise<AppResourceRow[]> =>
      listContinue(db, userId, null, limit),

    /** Removes a content from continue listening (until it is listened to again). */
    hideProgress: (userId: string, resourceId: string) => hideProgress(db, userId, resourceId),

    history: (userId: string, cursor: string | undefined, limit: number) =>
      listenerPage(
        userId,
        cursor,
        limit,
        (after, n) => listHistory(db, userId, after, n),
        (r) => [r.cursorAt, r.id],
        (r) => ({
          listenedSeconds: Math.round(r.listenedSeconds),
          startedAt: r.startedAt,
          finished: r.finished,
        }),
      ),

    favourites: (userId: string, cursor: string | undefined, limit: number) =>
      listenerPage(
        userId,
        cursor,
        limit,
        (after, n) => listFavourites(db, userId, after, n),
        (r) => [r.cursorAt, r.resource.id],
        () => ({}),
      ),

    /** Idempotent: a favourite added twice is one favourite. */
    async addFavourite(userId: string, resourceId: string) {
      await listenable(resourceId);
      await addFavourite(db, userId, resourceId);
    },

    /** Idempotent: removing what is not a favourite is fine. */
    removeFavourite: (userId: string, resourceId: string) => removeFavourite(db, userId, resourceId),
  };
}
