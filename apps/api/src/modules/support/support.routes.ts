import {
  supportMessageBulkBodySchema,
  supportMessageBulkResponseSchema,
  deleteAccountBodySchema,
  deletionRequestFilterSchema,
  deletionRequestListQuerySchema,
  deletionRequestListResponseSchema,
  deletionRequestResponseSchema,
  idParamsSchema,
  okEnvelopeSchema,
  supportAssignBodySchema,
  supportBodySchema,
  supportMessageDetailResponseSchema,
  supportMessageFilterSchema,
  supportMessageListQuerySchema,
  supportMessageListResponseSchema,
  supportMessageResponseSchema,
  supportReplyBodySchema,
  tokenBodySchema,
} from "@serene/contract";
import { sendCsv } from "../../lib/csv.ts";
import { pageMeta } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import {
  deletionRequestCsv,
  supportMessageCsv,
  toDeletionRequest,
  toSupportMessage,
  toSupportMessageDetail,
} from "./support.presenter.ts";
import type { SupportService } from "./support.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

export interface SupportRoutesOptions {
  support: SupportService;
  /** Form submissions allowed per client address per window. */
  addressLimit: { max: number; timeWindow: number };
}

export async function supportRoutes(app: App, { support, addressLimit }: SupportRoutesOptions) {
  const tags = ["support"];

  app.post(
    "/support",
    {
      config: {
        access: "public",
        rateLimit: addressLimit,
        formPost: { page: "/support", pageName: "Support", doneTitle: "Message sent" },
      },
      schema: {
        tags,
        summary:
          "The /support contact form: stored, e-mailed to the support address, acknowledged to the sender",
        body: supportBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await support.submitMessage(request.body);
      return ok(
        `Thank you, ${request.body.fullName}. We received your message and will reply to ${request.body.email}.`,
      );
    },
  );

  app.get(
    "/support-messages",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Support messages, newest first (paged; search by name, e-mail, subject; filter read/unread)",
        querystring: supportMessageListQuerySchema,
        response: { 200: supportMessageListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total, unread } = await support.listMessages(request.query);
      const { page, limit } = request.query;
      return listReply("Support messages", rows.map(toSupportMessage), {
        ...pageMeta(page, limit, total),
        unread,
      });
    },
  );

  app.get(
    "/support-messages/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The support inbox as CSV (the list's filters, every matching message, streamed); the export is recorded",
        querystring: supportMessageFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "support-messages",
        supportMessageCsv,
        await support.exportMessages(request.auth, request.query),
      ),
  );

  app.get(
    "/support-messages/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "One support message with its assignee and the thread of replies (oldest first)",
        params: idParamsSchema,
        response: { 200: supportMessageDetailResponseSchema },
      },
    },
    async (request) =>
      ok("Support message", toSupportMessageDetail(await support.getMessage(request.params.id))),
  );

  app.post(
    "/support-messages/:id/replies",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Reply to the sender: e-mailed to them and kept in the message's thread",
        params: idParamsSchema,
        body: supportReplyBodySchema,
        response: { 200: supportMessageDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Reply sent",
        toSupportMessageDetail(await support.reply(request.auth, request.params.id, request.body)),
      ),
  );

  app.post(
    "/support-messages/:id/assign",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Assign a support message to an admin (null: to nobody); an editor or app user is refused (400)",
        params: idParamsSchema,
        body: supportAssignBodySchema,
        response: { 200: supportMessageDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        request.body.assignee ? "Assigned" : "Unassigned",
        toSupportMessageDetail(await support.assign(request.auth, request.params.id, request.body.assignee)),
      ),
  );

  for (const [action, status, message] of [
    ["close", "closed", "Closed"],
    ["reopen", "open", "Reopened"],
  ] as const) {
    app.post(
      `/support-messages/:id/${action}`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: status === "closed" ? "Close a support message" : "Open a closed support message again",
          params: idParamsSchema,
          response: { 200: supportMessageDetailResponseSchema },
        },
      },
      async (request) =>
        ok(message, toSupportMessageDetail(await support.setStatus(request.auth, request.params.id, status))),
    );
  }

  app.post(
    "/support-messages/bulk",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark read many support messages at once",
        description:
          "Access: admin.\nThe messages are `ids` (picked) or every message matching `filter` (the inbox's filters; at most 10,000). One transaction, one activity entry per message; one already read is listed in `failed`.",
        body: supportMessageBulkBodySchema,
        response: { 200: supportMessageBulkResponseSchema },
      },
    },
    async (request) => {
      const { done, ids, failed, message } = await support.bulk(request.auth, request.body);
      return ok(message, { done, ids, failed });
    },
  );

  app.post(
    "/support-messages/:id/read",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a support message read",
        params: idParamsSchema,
        response: { 200: supportMessageResponseSchema },
      },
    },
    async (request) =>
      ok("Marked as read", toSupportMessage(await support.markRead(request.auth, request.params.id))),
  );

  app.post(
    "/delete-account",
    {
      config: {
        access: "public",
        rateLimit: addressLimit,
        formPost: { page: "/delete-account", pageName: "Delete account", doneTitle: "Check your inbox" },
      },
      schema: {
        tags,
        summary:
          "The /delete-account form: e-mails a confirmation link when an account uses the address; nothing is filed until it is confirmed. Same answer whether or not the account exists",
        body: deleteAccountBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await support.requestDeletion(request.body);
      return ok(
        `Check your inbox. If an account uses ${request.body.email}, we sent it a link to confirm the request. Nothing happens until it is confirmed.`,
      );
    },
  );

  app.post(
    "/delete-account/confirm",
    {
      config: { access: "public", rateLimit: addressLimit },
      schema: {
        tags,
        summary:
          "The link of the deletion e-mail, confirmed: files the request for the back office; the account is deleted within 90 days unless the user is active again",
        body: tokenBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await support.confirmDeletion(request.body.token);
      return ok(
        "Your request is confirmed. Your account will be deleted within 90 days unless you use the app again; we sent you the date by e-mail.",
      );
    },
  );

  app.get(
    "/deletion-requests",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Account deletion requests, newest first (paged; search by e-mail; filter by state)",
        querystring: deletionRequestListQuerySchema,
        response: { 200: deletionRequestListResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await support.listDeletionRequests(request.query);
      const { page, limit } = request.query;
      return listReply("Deletion requests", rows.map(toDeletionRequest), pageMeta(page, limit, total));
    },
  );

  app.get(
    "/deletion-requests/export",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The deletion requests as CSV (the list's filters, every matching request, newest first, streamed); the export is recorded",
        querystring: deletionRequestFilterSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "deletion-requests",
        deletionRequestCsv,
        await support.exportDeletionRequests(request.auth, request.query),
      ),
  );

  app.post(
    "/deletion-requests/:id/execute",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Delete the account now: the user, their sessions and avatar; their contents stay, attributed to no one",
        params: idParamsSchema,
        response: { 200: deletionRequestResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Deletion request executed: the account is deleted",
        toDeletionRequest(await support.executeDeletion(request.auth, request.params.id)),
      ),
  );

  app.post(
    "/deletion-requests/:id/cancel",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Cancel a pending deletion request (the account stays)",
        params: idParamsSchema,
        response: { 200: deletionRequestResponseSchema },
      },
    },
    async (request) =>
      ok(
        "Deletion request cancelled",
        toDeletionRequest(await support.cancelDeletion(request.auth, request.params.id)),
      ),
  );
}
