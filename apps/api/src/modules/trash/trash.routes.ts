import { trashEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
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
  route(app, trashEndpoints.list, async (request) => {
    const { rows, total } = await trash.list(request.query);
    const { page, limit } = request.query;
    return listReply("Trash", rows.map(toTrashItem), pageMeta(page, limit, total));
  });

  route(app, trashEndpoints.bulk, async (request) => {
    const { message, done, ids, failed } = await trash.bulk(request.auth, request.body);
    return ok(message, { done, ids, failed });
  });
}
