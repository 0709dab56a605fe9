import {
  trashBulkBodySchema,
  trashBulkResponseSchema,
  trashListQuerySchema,
  trashListResponseSchema,
} from "@serene/contract";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { toTrashItem } from "./trash.presenter.ts";
import type { TrashService } from "./trash.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/**
 * The back office's trash: an admin's (the list says no access, so `admin`); an editor may call
 * the bulk route only to restore contents they deleted (the Undo of their delete).
 */
export async function trashRoutes(app: App, { trash }: { trash: TrashService }) {
  const tags = ["trash"];

  app.get(
    "/trash",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Deleted users and contents, restorable until purged 30 days after their deletion (paged; search, kind, sort)",
        querystring: trashListQuerySchema,
        response: { 200: trashListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await trash.list(request.query);
      const { page, limit } = request.query;
      return listReply("Trash", rows.map(toTrashItem), pageMeta(page, limit, total));
    },
  );

  app.post(
    "/trash/bulk",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Restore, or delete forever (purge), the users and contents picked from the trash",
        description:
          "Access: admin. Editors too.\nAn editor may only restore contents picked by `ids` that they deleted (the Undo of their delete): a purge or a `filter` answers 403, a user's id is reported as not found, a content someone else deleted as refused.",
        body: trashBulkBodySchema,
        response: { 200: trashBulkResponseSchema },
      },
    },
    async (request) => {
      const { message, done, ids, failed } = await trash.bulk(request.auth, request.body);
      return ok(message, { done, ids, failed });
    },
  );
}
