import {
  contentStatsResponseSchema,
  continueListResponseSchema,
  cursorQuerySchema,
  endSessionBodySchema,
  endSessionResponseSchema,
  favouriteListResponseSchema,
  historyListResponseSchema,
  idParamsSchema,
  listenerStatsResponseSchema,
  okEnvelopeSchema,
  progressBodySchema,
  progressResponseSchema,
  resourceIdParamsSchema,
  startSessionBodySchema,
  startSessionResponseSchema,
  statsQuerySchema,
  syncBodySchema,
  syncResponseSchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toAppResource } from "../catalogue/index.ts";
import type { ListeningService } from "./listening.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** The app's listening calls (APP-API.md part 2), under /api/v1/app. */
export async function listeningRoutes(app: App, { listening }: { listening: ListeningService }) {
  const tags = ["app: listening"];
  const config = { access: "authenticated" as const };

  app.post(
    "/resources/:id/sessions",
    {
      config,
      schema: {
        tags,
        summary: "Start listening",
        description:
          "Access: listener. Opens a listening session (ending the open one of this content) and answers a fresh stream URL and where to resume; 403 subscription_required for locked content.",
        params: idParamsSchema,
        body: startSessionBodySchema,
        response: { 201: startSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await listening.start(
        request.auth.userId,
        request.params.id,
        request.body,
        request.origin,
      );
      return reply.code(201).send(ok("Session started", data));
    },
  );

  app.post(
    "/sessions/:id/progress",
    {
      config,
      schema: {
        tags,
        summary: "Report progress",
        description:
          "Access: listener. Seconds listened since the last report (clamped to the wall time) and the position; a replayed or out-of-order seq changes nothing. Answers whether the play counts.",
        params: idParamsSchema,
        body: progressBodySchema,
        response: { 200: progressResponseSchema },
      },
    },
    async (request) => {
      const { counted } = await listening.report(request.auth.userId, request.params.id, request.body, false);
      return ok("Progress saved", { counted });
    },
  );

  app.post(
    "/sessions/:id/end",
    {
      config,
      schema: {
        tags,
        summary: "End listening",
        description:
          "Access: listener. The last report of a session, with the mood after; answers whether the play counted, the content was finished, and the session's summary (minutes, today's minutes, streak, mood lift, next in series).",
        params: idParamsSchema,
        body: endSessionBodySchema,
        response: { 200: endSessionResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    "/sessions/sync",
    {
      config,
      schema: {
        tags,
        summary: "Sync offline sessions",
        description:
          "Access: listener. Up to 100 sessions recorded offline, idempotent by clientId; answers per session whether it was accepted and why not.",
        body: syncBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) =>
      listReply("Sessions synced", await listening.sync(request.auth.userId, request.body.sessions), {}),
  );

  app.get(
    "/progress",
    {
      config,
      schema: {
        tags,
        summary: "Continue listening",
        description:
          "Access: listener. Contents started and not finished, with where to resume, most recently listened first.",
        querystring: cursorQuerySchema,
        response: { 200: continueListResponseSchema },
      },
    },
    async (request) => {
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
          updatedAt: i.updatedAt.toISOString(),
        })),
        { nextCursor },
      );
    },
  );

  app.delete(
    "/progress/:resourceId",
    {
      config,
      schema: {
        tags,
        summary: "Hide from continue listening",
        description:
          "Access: listener. Removes a content from continue listening until it is listened to again.",
        params: resourceIdParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await listening.hideProgress(request.auth.userId, request.params.resourceId);
      return ok("Removed from continue listening");
    },
  );

  app.get(
    "/history",
    {
      config,
      schema: {
        tags,
        summary: "Listening history",
        description: "Access: listener. The listener's sessions, newest first by start.",
        querystring: cursorQuerySchema,
        response: { 200: historyListResponseSchema },
      },
    },
    async (request) => {
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
          startedAt: i.startedAt.toISOString(),
          finished: i.finished,
        })),
        { nextCursor },
      );
    },
  );

  app.get(
    "/favourites",
    {
      config,
      schema: {
        tags,
        summary: "Favourites",
        description: "Access: listener. The listener's favourite contents, most recently added first.",
        querystring: cursorQuerySchema,
        response: { 200: favouriteListResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.put(
    "/favourites/:resourceId",
    {
      config,
      schema: {
        tags,
        summary: "Add a favourite",
        description: "Access: listener. Adds a content to the favourites; adding it again changes nothing.",
        params: resourceIdParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await listening.addFavourite(request.auth.userId, request.params.resourceId);
      return ok("Added to favourites");
    },
  );

  app.delete(
    "/favourites/:resourceId",
    {
      config,
      schema: {
        tags,
        summary: "Remove a favourite",
        description:
          "Access: listener. Removes a content from the favourites; removing it again changes nothing.",
        params: resourceIdParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await listening.removeFavourite(request.auth.userId, request.params.resourceId);
      return ok("Removed from favourites");
    },
  );

  app.get(
    "/stats",
    {
      config,
      schema: {
        tags,
        summary: "Listening stats",
        description:
          "Access: listener. Minutes, sessions, completions, streaks (the listener's days, turning at 04:00 local time), minutes per day and mood lift over 7 to 365 days.",
        querystring: statsQuerySchema,
        response: { 200: listenerStatsResponseSchema },
      },
    },
    async (request) => ok("Stats", await listening.stats(request.auth.userId, request.query.days)),
  );
}

/** The back office's figures of one content (admin content page), under /api/v1/user. */
export async function contentStatsRoutes(app: App, { listening }: { listening: ListeningService }) {
  app.get(
    "/resources/:id/stats",
    {
      config: { access: "staff" },
      schema: {
        tags: ["resources"],
        summary: "Listening figures of a content",
        description:
          "Access: admin. Editors too.\nCounted plays, unique listeners, minutes listened, completion rate and mood lift, from the listening sessions.",
        params: idParamsSchema,
        response: { 200: contentStatsResponseSchema },
      },
    },
    async (request) => ok("Content stats", await listening.contentStats(request.params.id)),
  );
}
