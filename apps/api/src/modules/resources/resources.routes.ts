import {
  createResourceBodySchema,
  idBodySchema,
  idParamsSchema,
  messageBodySchema,
  okEnvelopeSchema,
  type Resource,
  resourceListQuerySchema,
  resourceListResponseSchema,
  resourceResponseSchema,
  topResourcesQuerySchema,
  topResourcesResponseSchema,
  updateResourceBodySchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import type { MediaUrl } from "../media/storage.ts";
import type { ResourceRow } from "./resources.repository.ts";
import type { ResourcesService } from "./resources.service.ts";

type Listed = { resource: ResourceRow; interestName: string | null; userEmail: string | null };

export const toResource = (
  { resource: r, interestName, userEmail }: Listed,
  mediaUrl: MediaUrl,
): Resource => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  image: mediaUrl(r.imageKey),
  userID: r.userId,
  userEmail,
  duration: r.duration,
  durationSeconds: r.durationSeconds,
  moodType: r.mood,
  interestID: r.interestId,
  interestName,
  resourceUrl: mediaUrl(r.audioKey),
  paymentType: r.paymentType,
  reviewState: r.reviewState,
  time_created: r.timeCreated.toISOString(),
  no_plays: r.noPlays,
});

export async function resourceRoutes(app: App, { resources }: { resources: ResourcesService }) {
  const tags = ["resources"];

  app.get(
    "/resources",
    {
      schema: {
        tags,
        summary: "Contents, newest first (paged; search by title; filter by mood, interest, payment type)",
        querystring: resourceListQuerySchema,
        response: { 200: resourceListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await resources.list(request.query);
      const { page, limit } = request.query;
      return {
        status: true as const,
        message: "Contents",
        data: {
          data: rows.map((r) => toResource(r, request.mediaUrl)),
          meta: { page, limit, total, pages: Math.ceil(total / limit) },
        },
      };
    },
  );

  app.get(
    "/resources/:id",
    {
      schema: {
        tags,
        summary: "One content",
        params: idParamsSchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "Content",
      data: toResource(await resources.get(request.params.id), request.mediaUrl),
    }),
  );

  app.post(
    "/resources",
    {
      schema: {
        tags,
        summary: "Create a content (image and resourceUrl: URLs from POST /upload); published at once",
        body: createResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "Content Uploaded Successfully",
      data: toResource(await resources.create(request.auth!, request.body, request.origin), request.mediaUrl),
    }),
  );

  app.put(
    "/resources/:id",
    {
      schema: {
        tags,
        summary: "Update a content; image and resourceUrl only when replaced (the old files are removed)",
        params: idParamsSchema,
        body: updateResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) => {
      const updated = await resources.update(request.auth!, request.params.id, request.body, request.origin);
      return {
        status: true as const,
        message: `${updated.resource.title} Updated Successfully`,
        data: toResource(updated, request.mediaUrl),
      };
    },
  );

  app.post(
    "/resources/delete",
    {
      schema: {
        tags,
        summary: "Delete a content and its files",
        body: idBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await resources.remove(request.auth!, request.body.id);
      return { status: true as const, message: "Content Deleted" };
    },
  );

  app.post(
    "/resources/:id/approve",
    {
      schema: {
        tags,
        summary: "Publish content waiting for review",
        params: idParamsSchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "Content approved",
      data: toResource(await resources.approve(request.auth!, request.params.id), request.mediaUrl),
    }),
  );

  app.post(
    "/resources/:id/feedback",
    {
      schema: {
        tags,
        summary: "Send feedback to the content's uploader",
        params: idParamsSchema,
        body: messageBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await resources.feedback(request.auth!, request.params.id, request.body.message);
      return { status: true as const, message: "Feedback sent" };
    },
  );

  app.get(
    "/top-resources",
    {
      schema: {
        tags,
        summary: "Most played contents",
        querystring: topResourcesQuerySchema,
        response: { 200: topResourcesResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "Top resources",
      data: { data: (await resources.top(request.query.limit)).map((r) => toResource(r, request.mediaUrl)) },
    }),
  );
}
