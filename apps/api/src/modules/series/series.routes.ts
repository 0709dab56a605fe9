import {
  appSeriesListResponseSchema,
  appSeriesResponseSchema,
  createSeriesBodySchema,
  cursorQuerySchema,
  idParamsSchema,
  okEnvelopeSchema,
  seriesListQuerySchema,
  seriesListResponseSchema,
  seriesResponseSchema,
  updateSeriesBodySchema,
} from "@serene/contract";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { toAppResource, toAppSeries } from "../catalogue/index.ts";
import { toSeries } from "./series.presenter.ts";
import type { SeriesService } from "./series.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** The back office's series (admins and editors: the catalogue): build, order, publish. */
export async function seriesAdminRoutes(app: App, { series }: { series: SeriesService }) {
  const tags = ["series"];

  app.get(
    "/series",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Series",
        description: "Access: admin. Editors too.\nEvery series, newest first, searched by title.",
        querystring: seriesListQuerySchema,
        response: { 200: seriesListResponseSchema },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const { rows, total } = await series.list(q, page, limit);
      return listReply(
        "Series",
        rows.map((r) => toSeries(r, request.mediaUrl)),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    "/series/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "One series",
        description: "Access: admin. Editors too.\nA series with its items' ids in order.",
        params: idParamsSchema,
        response: { 200: seriesResponseSchema },
      },
    },
    async (request) => ok("Series", toSeries(await series.get(request.params.id), request.mediaUrl)),
  );

  app.post(
    "/series",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Create a series",
        description:
          "Access: admin. Editors too.\nAn ordered set of 2 to 30 contents (image: a URL from POST /upload).",
        body: createSeriesBodySchema,
        response: { 201: seriesResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await series.create(request.auth, request.body, request.origin);
      return reply.code(201).send(ok("Series created", toSeries(created, request.mediaUrl)));
    },
  );

  app.patch(
    "/series/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Change a series",
        description:
          "Access: admin. Editors too.\nAny of its fields; itemIds replaces the items and their order.",
        params: idParamsSchema,
        body: updateSeriesBodySchema,
        response: { 200: seriesResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Series updated",
        toSeries(
          await series.update(request.auth, request.params.id, request.body, request.origin),
          request.mediaUrl,
        ),
      ),
  );

  app.delete(
    "/series/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Delete a series",
        description: "Access: admin. Editors too.\nThe series goes; its contents stay.",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await series.remove(request.auth, request.params.id);
      return ok("Series deleted");
    },
  );
}

/** The listener's series (app API part 3). */
export async function seriesRoutes(app: App, { series }: { series: SeriesService }) {
  const tags = ["app: series"];
  const config = { access: "authenticated" as const };

  app.get(
    "/series",
    {
      config,
      schema: {
        tags,
        summary: "Series",
        description:
          "Access: listener.\nPublished series, newest first, each with how many items the listener finished.",
        querystring: cursorQuerySchema,
        response: { 200: appSeriesListResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    "/series/:id",
    {
      config,
      schema: {
        tags,
        summary: "One series",
        description:
          "Access: listener.\nA series' items in order, each with whether the listener finished it and where they are, and the next one.",
        params: idParamsSchema,
        response: { 200: appSeriesResponseSchema },
      },
    },
    async (request) => {
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
    },
  );
}
