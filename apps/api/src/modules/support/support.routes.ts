import { supportEndpoints } from "@serene/contract";
import { listWithExport, route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import {
  deletionRequestCsv,
  supportMessageCsv,
  toDeletionRequest,
  toSupportMessage,
  toSupportMessageDetail,
} from "./support.presenter.ts";
import type { SupportService } from "./support.service.ts";
import { ok } from "../../lib/reply.ts";

export interface SupportRoutesOptions {
  support: SupportService;
  /** Form submissions allowed per client address per window. */
  addressLimit: { max: number; timeWindow: number };
}

export async function supportRoutes(app: App, { support, addressLimit }: SupportRoutesOptions) {
  route(
    app,
    supportEndpoints.submitMessage,
    async (request) => {
      await support.submitMessage(request.body, { ip: request.ip });
      return ok(
        `Thank you, ${request.body.fullName}. We received your message and will reply to ${request.body.email}.`,
      );
    },
    {
      config: {
        rateLimit: addressLimit,
        formPost: { page: "/support", pageName: "Support", doneTitle: "Message sent" },
      },
    },
  );

  listWithExport(
    app,
    { list: supportEndpoints.listMessages, export: supportEndpoints.exportMessages },
    { message: "Support messages", rows: support.listMessages, present: (row) => toSupportMessage(row) },
    { name: "support-messages", columns: supportMessageCsv, rows: support.exportMessages },
  );

  route(app, supportEndpoints.getMessage, async (request) =>
    ok("Support message", toSupportMessageDetail(await support.getMessage(request.params.id))),
  );

  route(app, supportEndpoints.reply, async (request) =>
    ok(
      "Reply sent",
      toSupportMessageDetail(await support.reply(request.auth, request.params.id, request.body)),
    ),
  );

  route(app, supportEndpoints.assign, async (request) =>
    ok(
      request.body.assignee ? "Assigned" : "Unassigned",
      toSupportMessageDetail(await support.assign(request.auth, request.params.id, request.body.assignee)),
    ),
  );

  for (const [endpoint, status, message] of [
    [supportEndpoints.close, "closed", "Closed"],
    [supportEndpoints.reopen, "open", "Reopened"],
  ] as const) {
    route(app, endpoint, async (request) =>
      ok(message, toSupportMessageDetail(await support.setStatus(request.auth, request.params.id, status))),
    );
  }

  route(app, supportEndpoints.bulk, async (request) => {
    const { done, ids, failed, message } = await support.bulk(request.auth, request.body);
    return ok(message, { done, ids, failed });
  });

  route(app, supportEndpoints.markRead, async (request) =>
    ok("Marked as read", toSupportMessage(await support.markRead(request.auth, request.params.id))),
  );

  route(
    app,
    supportEndpoints.requestDeletion,
    async (request) => {
      await support.requestDeletion(request.body);
      return ok(
        `Check your inbox. If an account uses ${request.body.email}, we sent it a link to confirm the request. Nothing happens until it is confirmed.`,
      );
    },
    {
      config: {
        rateLimit: addressLimit,
        formPost: { page: "/delete-account", pageName: "Delete account", doneTitle: "Check your inbox" },
      },
    },
  );

  route(
    app,
    supportEndpoints.confirmDeletion,
    async (request) => {
      await support.confirmDeletion(request.body.token, { ip: request.ip });
      return ok(
        "Your request is confirmed. Your account will be deleted within 90 days unless you use the app again; we sent you the date by e-mail.",
      );
    },
    { config: { rateLimit: addressLimit } },
  );

  listWithExport(
    app,
    { list: supportEndpoints.listDeletionRequests, export: supportEndpoints.exportDeletionRequests },
    {
      message: "Deletion requests",
      rows: support.listDeletionRequests,
      present: (row) => toDeletionRequest(row),
    },
    { name: "deletion-requests", columns: deletionRequestCsv, rows: support.exportDeletionRequests },
  );

  route(app, supportEndpoints.executeDeletion, async (request) =>
    ok(
      "Deletion request executed: the account is deleted",
      toDeletionRequest(await support.executeDeletion(request.auth, request.params.id)),
    ),
  );

  route(app, supportEndpoints.cancelDeletion, async (request) =>
    ok(
      "Deletion request cancelled",
      toDeletionRequest(await support.cancelDeletion(request.auth, request.params.id)),
    ),
  );
}
