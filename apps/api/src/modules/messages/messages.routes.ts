import { cursorQuerySchema, idParamsSchema, inboxResponseSchema, okEnvelopeSchema } from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import type { MessagesService } from "./messages.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** The app's inbox (APP-API.md part 2), under /api/v1/app. */
export async function messagesRoutes(app: App, { messages }: { messages: MessagesService }) {
  const tags = ["app: inbox"];
  const config = { access: "authenticated" as const };

  app.get(
    "/messages",
    {
      config,
      schema: {
        tags,
        summary: "Inbox",
        description:
          "Access: listener. Personal messages and broadcasts sent since the listener joined, newest first, with the unread count in meta.",
        querystring: cursorQuerySchema,
        response: { 200: inboxResponseSchema },
      },
    },
    async (request) => {
      const { items, nextCursor, unread } = await messages.inbox(
        request.auth.userId,
        request.query.cursor,
        request.query.limit,
      );
      return listReply("Messages", items, { nextCursor, unread });
    },
  );

  app.post(
    "/messages/read-all",
    {
      config,
      schema: {
        tags,
        summary: "Mark every message read",
        description:
          "Access: listener. Marks the whole inbox read (broadcasts for this listener only); a repeat changes nothing.",
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await messages.markAllRead(request.auth.userId);
      return ok("All marked read");
    },
  );

  app.post(
    "/messages/:id/read",
    {
      config,
      schema: {
        tags,
        summary: "Mark a message read",
        description:
          "Access: listener. Marks one message of the inbox read (a broadcast for this listener only).",
        params: idParamsSchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await messages.markRead(request.auth.userId, request.params.id);
      return ok("Marked read");
    },
  );
}
