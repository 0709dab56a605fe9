import { messagesEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import type { MessagesService } from "./messages.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

/** The app's inbox (APP-API.md part 2), under /api/v1/app. */
export async function messagesRoutes(app: App, { messages }: { messages: MessagesService }) {
  route(app, messagesEndpoints.inbox, async (request) => {
    const { items, nextCursor, unread } = await messages.inbox(
      request.auth.userId,
      request.query.cursor,
      request.query.limit,
    );
    return listReply("Messages", items, { nextCursor, unread });
  });

  route(app, messagesEndpoints.markAllRead, async (request) => {
    await messages.markAllRead(request.auth.userId);
    return ok("All marked read");
  });

  route(app, messagesEndpoints.markRead, async (request) => {
    await messages.markRead(request.auth.userId, request.params.id);
    return ok("Marked read");
  });
}
