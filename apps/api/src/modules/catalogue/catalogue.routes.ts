import {
  appInterestListResponseSchema,
  appResourceListResponseSchema,
  appResourceQuerySchema,
  appResourceResponseSchema,
  cursorQuerySchema,
  homeResponseSchema,
  idParamsSchema,
  streamResponseSchema,
  transcriptResponseSchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toAppInterest, toAppResource, toAppResourceDetail, toAppSeries } from "./catalogue.presenter.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import type { StreamService } from "./stream.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export async function catalogueRoutes(
  app: App,
  { catalogue, stream }: { catalogue: CatalogueService; stream: StreamService },
) {
  const tags = ["app: catalogue"];

  app.get(
    "/interests",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Interests",
        description:
          "Access: public.\nThe interests in their order, each with how many published contents it has.",
        response: { 200: appInterestListResponseSchema },
      },
    },
    async (request) =>
      listReply(
        "Interests",
        (await catalogue.interests()).map((i) => toAppInterest(i, request.mediaUrl)),
        {},
      ),
  );

  app.get(
    "/home",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Home screen",
        description:
          "Access: listener.\nShort rows: today's pick, continue listening, series, then the listener's mood and interests, new, popular and free content, in one call.",
        response: { 200: homeResponseSchema },
      },
    },
    async (request) => {
      const { entitled, sections } = await catalogue.home(request.auth.userId);
      return ok("Home", {
        sections: sections.map(({ key, title, rows, series }) => ({
          key,
          title,
          items: rows.map((r) => toAppResource(r, entitled, request.mediaUrl)),
          ...(series && { series: series.map((x) => toAppSeries(x, entitled, request.mediaUrl)) }),
        })),
      });
    },
  );

  app.get(
    "/resources",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "List and search content",
        description:
          "Access: listener.\nPublished content: search (title, description, interest; no case, no accents, one typo per word), filters, sort, cursor paging.",
        querystring: appResourceQuerySchema,
        response: { 200: appResourceListResponseSchema },
      },
    },
    async (request) => {
      const { rows, entitled, nextCursor } = await catalogue.list(request.auth.userId, request.query);
      return listReply(
        "Content",
        rows.map((r) => toAppResource(r, entitled, request.mediaUrl)),
        { nextCursor },
      );
    },
  );

  app.get(
    "/resources/:id",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "One content",
        description:
          "Access: listener.\nOne published content with its description (404 for unknown or unpublished ids).",
        params: idParamsSchema,
        response: { 200: appResourceResponseSchema },
      },
    },
    async (request) => {
      const { row, entitled } = await catalogue.get(request.auth.userId, request.params.id);
      return ok("Content", toAppResourceDetail(row, entitled, request.mediaUrl));
    },
  );

  app.get(
    "/interests/:id/resources",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "One interest's content",
        description: "Access: listener.\nThe published content of one interest, newest first, cursor paging.",
        params: idParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: appResourceListResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    "/resources/:id/stream",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Stream URL",
        description:
          "Access: listener.\nA short-lived signed URL of the content's audio (one hour, Range works); 403 subscription_required when locked.",
        params: idParamsSchema,
        response: { 200: streamResponseSchema },
      },
    },
    async (request) => {
      const { url, expiresAt } = await stream.grant(request.auth.userId, request.params.id, request.origin);
      return ok("Stream URL", { url, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    "/resources/:id/transcript",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Transcript",
        description:
          'Access: listener.\nThe content\'s transcript, `{ format: "vtt" | "text", text }`, for whoever may play its audio (paid: entitled, else 403 subscription_required); 404 when it has none.',
        params: idParamsSchema,
        response: { 200: transcriptResponseSchema },
      },
    },
    async (request) => ok("Transcript", await stream.transcript(request.auth.userId, request.params.id)),
  );
}
