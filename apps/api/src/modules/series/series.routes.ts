import { seriesEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { toAppResource, toAppSeries } from "../catalogue/index.ts";
import { toSeries } from "./series.presenter.ts";
import type { SeriesService } from "./series.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** The back office's series (admins and editors: the catalogue): build, order, publish. */
export async function seriesAdminRoutes(app: App, { series }: { series: SeriesService }) {
  route(app, seriesEndpoints.adminList, async (request) => {
    const { q, page, limit } = request.query;
    const { rows, total } = await series.list(q, page, limit);
    return listReply(
      "Series",
      rows.map((r) => toSeries(r, request.mediaUrl)),
      pageMeta(page, limit, total),
    );
  });

  route(app, seriesEndpoints.adminGet, async (request) =>
    ok("Series", toSeries(await series.get(request.params.id), request.mediaUrl)),
  );

  route(app, seriesEndpoints.create, async (request, reply) => {
    const created = await series.create(request.auth, request.body, request.origin);
    return reply.code(201).send(ok("Series created", toSeries(created, request.mediaUrl)));
  });

  route(app, seriesEndpoints.update, async (request) =>
    ok(
      "Series updated",
      toSeries(
        await series.update(request.auth, request.params.id, request.body, request.origin),
        request.mediaUrl,
      ),
    ),
  );

  route(app, seriesEndpoints.remove, async (request) => {
    await series.remove(request.auth, request.params.id);
    return ok("Series deleted");
  });
}

/** The listener's series (app API part 3). */
export async function seriesRoutes(app: App, { series }: { series: SeriesService }) {
  route(app, seriesEndpoints.list, async (request) => {
    const { entitled, items, nextCursor } = await series.page(
      request.auth.userId,
      request.query.cursor,
      request.query.limit,
    );
    return listReply(
      "Series",
      items.map((s) => toAppSeries(s, entitled, request.mediaUrl)),
      { nextCursor },
    );
  });

  route(app, seriesEndpoints.get, async (request) => {
    const { summary, items, next, entitled } = await series.detail(request.auth.userId, request.params.id);
    const s = toAppSeries(summary, entitled, request.mediaUrl);
    return ok("Series", {
      _id: s._id,
      title: s.title,
      image: s.image,
      description: s.description,
      items: items.map((i) => ({
        ...toAppResource(i, entitled, request.mediaUrl),
        finished: i.finished,
        position: i.position,
      })),
      next: next && toAppResource(next, entitled, request.mediaUrl),
    });
  });
}
