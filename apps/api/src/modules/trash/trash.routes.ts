import {
  trashBulkBodySchema,
  trashBulkResponseSchema,
  trashListQuerySchema,
  trashListResponseSchema,
} from "@serene/contract";
import { listReply, pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { toTrashItem } from "./trash.presenter.ts";
import type { TrashService } from "./trash.service.ts";

/** The back office's trash (admins only: the routes say no access, so `admin`). */
export async function trashRoutes(app: App, { trash }: { trash: TrashService }) {
  const tags = ["trash"];

  app.get(
    "/trash",
    {
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
      schema: {
        tags,
        summary: "Restore, or delete forever (purge), the users and contents picked from the trash",
        body: trashBulkBodySchema,
        response: { 200: trashBulkResponseSchema },
      },
    },
    async (request) => {
      const { message, done, ids, failed } = await trash.bulk(request.auth!, request.body);
      return { status: true as const, message, data: { done, ids, failed } };
    },
  );
}
