import { resourcesEndpoints } from "@serene/contract";
import { listWithExport, route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { resourceCsv, toResource } from "./resources.presenter.ts";
import type { ResourcesService } from "./resources.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function resourceRoutes(app: App, { resources }: { resources: ResourcesService }) {
  listWithExport(
    app,
    resourcesEndpoints,
    {
      message: "Contents",
      rows: resources.list,
      present: (row, request) => toResource(row, request.mediaUrl),
    },
    { name: "contents", columns: resourceCsv, rows: resources.exportRows },
  );

  route(app, resourcesEndpoints.get, async (request) =>
    ok("Content", toResource(await resources.get(request.params.id), request.mediaUrl, true)),
  );

  route(app, resourcesEndpoints.history, async (request) =>
    ok("Review history", await resources.history(request.params.id, request.mediaUrl)),
  );

  route(app, resourcesEndpoints.create, async (request) =>
    ok(
      "Content Uploaded Successfully",
      toResource(await resources.create(request.auth, request.body, request.origin), request.mediaUrl, true),
    ),
  );

  route(app, resourcesEndpoints.update, async (request) => {
    const updated = await resources.update(request.auth, request.params.id, request.body, request.origin);
    return ok(`${updated.resource.title} Updated Successfully`, toResource(updated, request.mediaUrl, true));
  });

  route(app, resourcesEndpoints.remove, async (request) => {
    await resources.remove(request.auth, request.body.id);
    return ok("Content Deleted");
  });

  route(app, resourcesEndpoints.bulk, async (request) => {
    const { done, ids, failed, message } = await resources.bulk(request.auth, request.body);
    return ok(message, { done, ids, failed });
  });

  route(app, resourcesEndpoints.approve, async (request) =>
    ok(
      "Content approved",
      toResource(
        await resources.review(request.auth, request.params.id, {
          state: "published",
          feedback: request.body?.feedback,
        }),
        request.mediaUrl,
      ),
    ),
  );

  route(app, resourcesEndpoints.decline, async (request) =>
    ok(
      "Content declined",
      toResource(
        await resources.review(request.auth, request.params.id, {
          state: "declined",
          feedback: request.body.feedback,
        }),
        request.mediaUrl,
      ),
    ),
  );

  route(app, resourcesEndpoints.feedback, async (request) => {
    await resources.feedback(request.auth, request.params.id, request.body.message);
    return ok("Feedback sent");
  });

  route(app, resourcesEndpoints.top, async (request) => {
    const top = (await resources.top(request.query.limit)).map((r) => toResource(r, request.mediaUrl));
    return listReply("Top resources", top, { total: top.length });
  });
}
