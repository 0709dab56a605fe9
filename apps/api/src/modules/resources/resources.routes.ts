import {
  approveResourceBodySchema,
  createResourceBodySchema,
  declineResourceBodySchema,
  idBodySchema,
  idParamsSchema,
  messageBodySchema,
  okEnvelopeSchema,
  resourceBulkBodySchema,
  resourceBulkResponseSchema,
  resourceFilterSchema,
  resourceListQuerySchema,
  resourceListResponseSchema,
  resourceHistoryResponseSchema,
  resourceResponseSchema,
  topResourcesQuerySchema,
  topResourcesResponseSchema,
  updateResourceBodySchema,
} from "@serene/contract";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import { resourceCsv, toResource } from "./resources.presenter.ts";
import type { ResourcesService } from "./resources.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function resourceRoutes(app: App, { resources }: { resources: ResourcesService }) {
  const tags = ["resources"];

  app.get(
    "/resources",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary:
          "Contents, newest first (paged; search by title; filter by mood, interest, payment type, review state, uploader; sorted)",
        description:
          "`sort` is a column (created, title, plays, duration, mood, payment; or newest/oldest) and `direction` asc or desc.",
        querystring: resourceListQuerySchema,
        response: { 200: resourceListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await resources.list(request.query);
      const { page, limit } = request.query;
      return listReply(
        "Contents",
        rows.map((r) => toResource(r, request.mediaUrl)),
        pageMeta(page, limit, total),
      );
    },
  );

  app.get(
    "/resources/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The contents list as CSV (the list's filters, every matching content, newest first, streamed); the export is recorded",
        querystring: resourceFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(reply, "contents", resourceCsv, await resources.exportRows(request.auth, request.query)),
  );

  app.get(
    "/resources/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "One content",
        params: idParamsSchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) =>
      ok("Content", toResource(await resources.get(request.params.id), request.mediaUrl, true)),
  );

  app.get(
    "/resources/:id/history",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "A content's review history",
        description:
          "Access: admin. Editors too.\nSubmissions, decisions (with feedback) and edits, oldest first, each with the fields it changed and their values before.",
        params: idParamsSchema,
        response: { 200: resourceHistoryResponseSchema },
      },
    },
    async (request) => ok("Review history", await resources.history(request.params.id, request.mediaUrl)),
  );

  app.post(
    "/resources",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Create a content (image and resourceUrl: URLs from POST /upload); published at once",
        body: createResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Content Uploaded Successfully",
        toResource(
          await resources.create(request.auth, request.body, request.origin),
          request.mediaUrl,
          true,
        ),
      ),
  );

  app.put(
    "/resources/:id",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Update a content; image and resourceUrl only when replaced (the old files are removed)",
        params: idParamsSchema,
        body: updateResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) => {
      const updated = await resources.update(request.auth, request.params.id, request.body, request.origin);
      return ok(
        `${updated.resource.title} Updated Successfully`,
        toResource(updated, request.mediaUrl, true),
      );
    },
  );

  app.post(
    "/resources/delete",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Delete a content and its files",
        body: idBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await resources.remove(request.auth, request.body.id);
      return ok("Content Deleted");
    },
  );

  app.post(
    "/resources/bulk",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "One action for many contents: delete, publish or decline (with feedback)",
        description:
          "Access: admin. Editors too.\nThe contents are `ids` (picked) or every content matching `filter` (the list's filters; at most 10,000). One transaction, one activity entry per content; each uploader is told of a decision as by the review page. A content the rules refuse (declining published content, publishing it again) is left as it was and listed in `failed` with why.",
        body: resourceBulkBodySchema,
        response: { 200: resourceBulkResponseSchema },
      },
    },
    async (request) => {
      const { done, ids, failed, message } = await resources.bulk(request.auth, request.body);
      return ok(message, { done, ids, failed });
    },
  );

  app.post(
    "/resources/:id/approve",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary:
          "Publish content waiting for review; its uploader is told (app inbox and e-mail), with the optional feedback",
        params: idParamsSchema,
        body: approveResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) =>
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

  app.post(
    "/resources/:id/decline",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary:
          "Decline content waiting for review; its uploader gets the feedback (app inbox and e-mail) and may change it and send it again",
        params: idParamsSchema,
        body: declineResourceBodySchema,
        response: { 200: resourceResponseSchema },
      },
    },
    async (request) =>
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

  app.post(
    "/resources/:id/feedback",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Send feedback to the content's uploader",
        params: idParamsSchema,
        body: messageBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await resources.feedback(request.auth, request.params.id, request.body.message);
      return ok("Feedback sent");
    },
  );

  app.get(
    "/top-resources",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Most played contents",
        querystring: topResourcesQuerySchema,
        response: { 200: topResourcesResponseSchema },
      },
    },
    async (request) => {
      const top = (await resources.top(request.query.limit)).map((r) => toResource(r, request.mediaUrl));
      return listReply("Top resources", top, { total: top.length });
    },
  );
}
