import { listeningEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { toAppResource } from "../catalogue/index.ts";
import type { ListeningService } from "./listening.service.ts";
import { listReply, ok } from "../../lib/reply.ts";
import { iso } from "../../lib/iso.ts";

/** The app's listening calls (APP-API.md part 2), under /api/v1/app. */
export async function listeningRoutes(app: App, { listening }: { listening: ListeningService }) {
  route(app, listeningEndpoints.start, async (request, reply) => {
    const data = await listening.start(request.auth.userId, request.params.id, request.body, request.origin);
    return reply.code(201).send(ok("Session started", data));
  });

  route(app, listeningEndpoints.report, async (request) => {
    const { counted } = await listening.report(request.auth.userId, request.params.id, request.body, false);
    return ok("Progress saved", { counted });
  });

  route(app, listeningEndpoints.end, async (request) => {
    const { counted, finished, entitled, summary } = await listening.end(
      request.auth.userId,
      request.params.id,
      request.body,
    );
    const next = summary.nextInSeries;
    return ok("Session ended", {
      counted,
      finished,
      summary: { ...summary, nextInSeries: next && toAppResource(next, entitled, request.mediaUrl) },
    });
  });

  route(app, listeningEndpoints.sync, async (request) =>
    listReply("Sessions synced", await listening.sync(request.auth.userId, request.body.sessions), {}),
  );

  route(app, listeningEndpoints.continueListening, async (request) => {
    const { items, nextCursor } = await listening.continueListening(
      request.auth.userId,
      request.query.cursor,
      request.query.limit,
    );
    return listReply(
      "Continue listening",
      items.map((i) => ({
        resource: toAppResource(i.row, i.entitled, request.mediaUrl),
        position: i.position,
        durationSeconds: i.row.resource.durationSeconds,
        updatedAt: iso(i.updatedAt),
      })),
      { nextCursor },
    );
  });

  route(app, listeningEndpoints.hideProgress, async (request) => {
    await listening.hideProgress(request.auth.userId, request.params.resourceId);
    return ok("Removed from continue listening");
  });

  route(app, listeningEndpoints.history, async (request) => {
    const { items, nextCursor } = await listening.history(
      request.auth.userId,
      request.query.cursor,
      request.query.limit,
    );
    return listReply(
      "History",
      items.map((i) => ({
        resource: toAppResource(i.row, i.entitled, request.mediaUrl),
        listenedSeconds: i.listenedSeconds,
        startedAt: iso(i.startedAt),
        finished: i.finished,
      })),
      { nextCursor },
    );
  });

  route(app, listeningEndpoints.favourites, async (request) => {
    const { items, nextCursor } = await listening.favourites(
      request.auth.userId,
      request.query.cursor,
      request.query.limit,
    );
    return listReply(
      "Favourites",
      items.map((i) => toAppResource(i.row, i.entitled, request.mediaUrl)),
      { nextCursor },
    );
  });

  route(app, listeningEndpoints.addFavourite, async (request) => {
    await listening.addFavourite(request.auth.userId, request.params.resourceId);
    return ok("Added to favourites");
  });

  route(app, listeningEndpoints.removeFavourite, async (request) => {
    await listening.removeFavourite(request.auth.userId, request.params.resourceId);
    return ok("Removed from favourites");
  });

  route(app, listeningEndpoints.stats, async (request) =>
    ok("Stats", await listening.stats(request.auth.userId, request.query.days)),
  );
}

/** The back office's figures of one content (admin content page), under /api/v1/user. */
export async function contentStatsRoutes(app: App, { listening }: { listening: ListeningService }) {
  route(app, listeningEndpoints.contentStats, async (request) =>
    ok("Content stats", await listening.contentStats(request.params.id)),
  );
}
