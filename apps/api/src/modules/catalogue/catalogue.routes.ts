import { catalogueEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { toAppInterest, toAppResource, toAppResourceDetail, toAppSeries } from "./catalogue.presenter.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import type { StreamService } from "./stream.service.ts";
import { listReply, ok } from "../../lib/reply.ts";
import { iso } from "../../lib/iso.ts";

export async function catalogueRoutes(
  app: App,
  { catalogue, stream }: { catalogue: CatalogueService; stream: StreamService },
) {
  route(app, catalogueEndpoints.interests, async (request) =>
    listReply(
      "Interests",
      (await catalogue.interests()).map((i) => toAppInterest(i, request.mediaUrl)),
      {},
    ),
  );

  route(app, catalogueEndpoints.home, async (request) => {
    const { entitled, sections } = await catalogue.home(request.auth.userId);
    return ok("Home", {
      sections: sections.map(({ key, title, rows, series }) => ({
        key,
        title,
        items: rows.map((r) => toAppResource(r, entitled, request.mediaUrl)),
        ...(series && { series: series.map((x) => toAppSeries(x, entitled, request.mediaUrl)) }),
      })),
    });
  });

  route(app, catalogueEndpoints.list, async (request) => {
    const { rows, entitled, nextCursor } = await catalogue.list(request.auth.userId, request.query);
    return listReply(
      "Content",
      rows.map((r) => toAppResource(r, entitled, request.mediaUrl)),
      { nextCursor },
    );
  });

  route(app, catalogueEndpoints.get, async (request) => {
    const { row, entitled } = await catalogue.get(request.auth.userId, request.params.id);
    return ok("Content", toAppResourceDetail(row, entitled, request.mediaUrl));
  });

  route(app, catalogueEndpoints.interestResources, async (request) => {
    const { rows, entitled, nextCursor } = await catalogue.interestResources(
      request.auth.userId,
      request.params.id,
      request.query,
    );
    return listReply(
      "Content",
      rows.map((r) => toAppResource(r, entitled, request.mediaUrl)),
      { nextCursor },
    );
  });

  route(app, catalogueEndpoints.stream, async (request) => {
    const { url, expiresAt } = await stream.grant(request.auth.userId, request.params.id, request.origin);
    return ok("Stream URL", { url, expiresAt: iso(expiresAt) });
  });

  route(app, catalogueEndpoints.transcript, async (request) =>
    ok("Transcript", await stream.transcript(request.auth.userId, request.params.id)),
  );
}
