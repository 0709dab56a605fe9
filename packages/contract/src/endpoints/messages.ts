import { endpoint } from "../endpoint.ts";

const tags = ["app: inbox"];

export const messagesEndpoints = {
  inbox: endpoint({
    method: "GET",
    path: "/api/v1/app/messages",
    access: "authenticated",
    tags,
    summary: "Inbox",
    description:
      "Personal messages and broadcasts sent since the listener joined, newest first, with the unread count in meta.",
    query: "cursorQuerySchema",
    response: { 200: "inboxResponseSchema" },
  }),
  markAllRead: endpoint({
    method: "POST",
    path: "/api/v1/app/messages/read-all",
    access: "authenticated",
    tags,
    summary: "Mark every message read",
    description: "Marks the whole inbox read (broadcasts for this listener only); a repeat changes nothing.",
    response: { 200: "okEnvelopeSchema" },
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/v1/app/messages/:id/read",
    access: "authenticated",
    tags,
    summary: "Mark a message read",
    description: "Marks one message of the inbox read (a broadcast for this listener only).",
    params: "idParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
};
