import { TRASH_DAYS, type TrashBulkInput, type TrashListQuery, type UserRole } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { bulkMessage, bulkRows, runBulk } from "../../lib/bulk.ts";
import { AppError } from "../../lib/errors.ts";
import type { Actor } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import { purgeResourceIn, restoreResourceIn } from "../resources/index.ts";
import { deleteAccountIn, restoreAccountIn } from "../users/index.ts";
import {
  listTrash,
  trashedBefore,
  trashedResources,
  trashedUsers,
  trashMatching,
} from "./trash.repository.ts";

const DAY_MS = 24 * 3600_000;
/** Rows the purge deletes per transaction (each its own savepoint, as a bulk action). */
const PURGE_BATCH = 500;

type UserRow = Awaited<ReturnType<typeof trashedUsers>>[number];
type ResourceRow = Awaited<ReturnType<typeof trashedResources>>[number];
type Trashed =
  { id: string; user: UserRow; resource?: never } | { id: string; resource: ResourceRow; user?: never };

/** What the trash holds, read by ids of either kind (of contents only without `users`). */
async function trashedByIds(db: Db, ids: readonly string[], users = true): Promise<Trashed[]> {
  const [userRows, resourceRows] = await Promise.all([
    users ? trashedUsers(db, ids) : [],
    trashedResources(db, ids),
  ]);
  return [
    ...userRows.map((user) => ({ id: user.id, user })),
    ...resourceRows.map((resource) => ({ id: resource.id, resource })),
  ];
}

const nameOf = (row: Trashed) => (row.user ? row.user.email : row.resource.title);
/**
 * What a bulk action's rows are called in its toast, as the lists' own deletes say it ("3 users
 * deleted" / "3 users restored"): users, contents, or items when they are mixed or some were not found.
 */
function nounOf(rows: readonly Trashed[], missing: readonly string[]): [one: string, many: string] {
  if (!missing.length && rows.length && rows.every((row) => row.user)) return ["user", "users"];
  if (!missing.length && rows.length && rows.every((row) => !row.user)) return ["content", "contents"];
  return ["item", "items"];
}

/**
 * The trash: users and contents an admin deleted, hidden everywhere, restorable for TRASH_DAYS;
 * then the purge (a scheduled job, or "Delete forever") deletes them for real, as a delete did
 * before the trash: a user's rows and seats, a content's media files.
 */
export function createTrashService(deps: { db: Db; media: MediaService; now: () => Date }) {
  const { db, media, now } = deps;

  /** Deletes trashed rows for real, one savepoint each; answers how many, with their files discarded. */
  async function purge(actor: Actor | null, rows: readonly Trashed[], missing: readonly string[] = []) {
    const result = await runBulk(
      db,
      rows,
      nameOf,
      async (tx, row) =>
        row.user
          ? (await deleteAccountIn(tx, row.id, actor, "user.purge")).files
          : purgeResourceIn(tx, actor, row.id),
      missing,
    );
    await media.discard(result.results.flat());
    return result;
  }

  return {
    list: (query: TrashListQuery) => listTrash(db, query),

    /**
     * Restore, or delete forever, the users and contents picked. An editor may only restore
     * contents picked by id that they deleted themselves (the Undo of their delete): a purge or a
     * filter is refused (403), a user's id is not found, as if the trash held contents only, and
     * a content someone else deleted is left in the trash and reported.
     */
    async bulk(actor: Actor & { role: UserRole }, body: TrashBulkInput) {
      const editor = actor.role === "editor";
      if (editor && (body.action !== "restore" || !body.ids)) {
        throw new AppError("forbidden", "An editor may only restore contents, picked one by one");
      }
      const { rows, missing } = await bulkRows(body, "deleted items", {
        byIds: (ids) => trashedByIds(db, ids, !editor),
        matching: async (limit) => trashedByIds(db, await trashMatching(db, body.filter!, limit)),
      });
      if (body.action === "purge") {
        const result = await purge(actor, rows, missing);
        return { ...result, message: bulkMessage(result, "deleted forever", ...nounOf(rows, missing)) };
      }
      const result = await runBulk(
        db,
        rows,
        nameOf,
        async (tx, row) => {
          if (row.user) return restoreAccountIn(tx, actor, row.user);
          if (editor && row.resource.deletedBy !== actor.userId) {
            throw new AppError("forbidden", "Someone else deleted it: an admin can restore it");
          }
          return restoreResourceIn(tx, actor, row.resource);
        },
        missing,
      );
      return { ...result, message: bulkMessage(result, "restored", ...nounOf(rows, missing)) };
    },

    /** The scheduled purge: everything trashed more than TRASH_DAYS ago; answers how many rows went. */
    async purgeExpired() {
      const cutoff = new Date(now().getTime() - TRASH_DAYS * DAY_MS);
      let purged = 0;
      for (;;) {
        const due = await trashedBefore(db, cutoff, PURGE_BATCH);
        const ids = [...due.users, ...due.resources];
        if (!ids.length) return purged;
        purged += (await purge(null, await trashedByIds(db, ids))).done;
        if (ids.length < PURGE_BATCH) return purged;
      }
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
