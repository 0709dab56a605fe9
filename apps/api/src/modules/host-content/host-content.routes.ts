import {
  appUploadQuerySchema,
  appUploadResponseSchema,
  hostResourceBodySchema,
  hostResourceDetailResponseSchema,
  hostResourceListResponseSchema,
  hostResourcePatchSchema,
  hostResourceQuerySchema,
  hostResourceResponseSchema,
  hostResourceStatsResponseSchema,
  idParamsSchema,
  okEnvelopeSchema,
} from "@serene/contract";
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
  const tags = ["app: hosts"];

  app.post(
    "/uploads",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Upload a file",
        description:
          "Access: listener.\nUploads one file (multipart `file`), checked by content: hosts images and MP3 audio, other listeners images only.",
        consumes: ["multipart/form-data"],
        querystring: appUploadQuerySchema,
        response: { 200: appUploadResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    "/host/resources",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "Submit content",
        description:
          "Access: host.\nCreates content from the host's uploads; it waits for an admin's approval (reviewState pending).",
        body: hostResourceBodySchema,
        response: { 201: hostResourceResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await hostContent.create(request.auth, request.body, request.origin);
      reply.code(201);
      return ok("Sent for review", toHostResource(row, request.mediaUrl));
    },
  );

  app.get(
    "/host/resources",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "My content",
        description:
          "Access: host.\nThe host's own content, newest first, with review state, the latest feedback and its listening figures (counted plays, minutes listened, completion rate); cursor paging.",
        querystring: hostResourceQuerySchema,
        response: { 200: hostResourceListResponseSchema },
      },
    },
    async (request) => {
      const { items, nextCursor } = await hostContent.list(request.auth, request.query);
      return listReply(
        "Your content",
        items.map((item) => toHostResourceListItem(item, request.mediaUrl)),
        { nextCursor },
      );
    },
  );

  app.get(
    "/host/resources/:id",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "One of my contents",
        description:
          "Access: host.\nThe host's own content with its review state, the latest feedback, its transcript and its review history (oldest first); 404 for another's.",
        params: idParamsSchema,
        response: { 200: hostResourceDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Your content",
        toHostResourceDetail(
          await hostContent.get(request.auth, request.params.id, request.mediaUrl),
          request.mediaUrl,
        ),
      ),
  );

  app.get(
    "/host/resources/:id/stats",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "My content's listening figures",
        description:
          "Access: host.\nA published content's counted plays, unique listeners and average share listened per session (0..1, null before any session); 409 while it is not published.",
        params: idParamsSchema,
        response: { 200: hostResourceStatsResponseSchema },
      },
    },
    async (request) => ok("Listening figures", await hostContent.stats(request.auth, request.params.id)),
  );

  app.patch(
    "/host/resources/:id",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "Change my content",
        description:
          "Access: host.\nChanges the host's own content while it is pending or declined; a declined one is sent for review again (reviewState pending). 409 once published.",
        params: idParamsSchema,
        body: hostResourcePatchSchema,
        response: { 200: hostResourceResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Content saved",
        toHostResource(
          await hostContent.update(request.auth, request.params.id, request.body, request.origin),
          request.mediaUrl,
        ),
      ),
  );

  app.delete(
    "/host/resources/:id",
    {
      config: { access: "host" },
      schema: {
        tags,
        summary: "Withdraw my content",
        description:
          "Access: host.\nWithdraws (deletes) the host's own content while it is pending (409 once reviewed).",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await hostContent.withdraw(request.auth, request.params.id);
      return ok("Content withdrawn");
    },
  );
}
