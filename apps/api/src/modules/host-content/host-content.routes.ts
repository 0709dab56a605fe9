import { hostContentEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { type MediaService, type MediaStorage, receiveUpload } from "../media/index.ts";
import { toHostResource, toHostResourceDetail, toHostResourceListItem } from "./host-content.presenter.ts";
import type { HostContentService } from "./host-content.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export interface HostContentRoutesOptions {
  hostContent: HostContentService;
  media: MediaService;
  storage: MediaStorage;
}

export async function hostContentRoutes(app: App, { hostContent, media, storage }: HostContentRoutesOptions) {
  route(app, hostContentEndpoints.upload, async (request, reply) => {
    hostContent.uploadAllowed(request.auth, request.query.kind);
    const stored = await receiveUpload(request, reply, media, request.query.kind, request.auth.userId);
    return ok("File uploaded", {
      secure_url: storage.url(stored.key, request.origin),
      key: stored.key,
      ...(stored.duration !== null && {
        duration: stored.duration,
        durationSeconds: Math.round(stored.duration),
        loudness: stored.loudness,
      }),
    });
  });

  route(app, hostContentEndpoints.create, async (request, reply) => {
    const row = await hostContent.create(request.auth, request.body, request.origin);
    reply.code(201);
    return ok("Sent for review", toHostResource(row, request.mediaUrl));
  });

  route(app, hostContentEndpoints.list, async (request) => {
    const { items, nextCursor } = await hostContent.list(request.auth, request.query);
    return listReply(
      "Your content",
      items.map((item) => toHostResourceListItem(item, request.mediaUrl)),
      { nextCursor },
    );
  });

  route(app, hostContentEndpoints.get, async (request) =>
    ok(
      "Your content",
      toHostResourceDetail(
        await hostContent.get(request.auth, request.params.id, request.mediaUrl),
        request.mediaUrl,
      ),
    ),
  );

  route(app, hostContentEndpoints.stats, async (request) =>
    ok("Listening figures", await hostContent.stats(request.auth, request.params.id)),
  );

  route(app, hostContentEndpoints.update, async (request) =>
    ok(
      "Content saved",
      toHostResource(
        await hostContent.update(request.auth, request.params.id, request.body, request.origin),
        request.mediaUrl,
      ),
    ),
  );

  route(app, hostContentEndpoints.withdraw, async (request) => {
    await hostContent.withdraw(request.auth, request.params.id);
    return ok("Content withdrawn");
  });
}
