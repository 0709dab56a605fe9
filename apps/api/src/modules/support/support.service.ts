import {
  type SupportMessageBulkInput,
  ACCOUNT_DELETION_DAYS,
  type DeleteAccountInput,
  type DeletionRequestFilter,
  type DeletionRequestListQuery,
  type SupportInput,
  type SupportMessageFilter,
  type SupportMessageListQuery,
  type SupportReplyInput,
} from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bulkMessage, bulkRows, runBulk } from "../../lib/bulk.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { alerts, notifyAdmins } from "../activity/index.ts";
import type { Mailer } from "../mail/index.ts";
import {
  accountDeleted,
  deletionConfirmation,
  supportAcknowledgement,
  supportReply,
  supportToTeam,
} from "../mail/index.ts";
import type { MediaService } from "../media/index.ts";
import { RecipientMailLimit } from "../limits/index.ts";
import { deleteUserAccount, findUserByEmail, findUserById } from "../users/index.ts";
import { confirmDeletionMail, issueAccountToken, useAccountToken } from "../accounts/index.ts";
import {
  closeDeletionRequest,
  eachDeletionRequest,
  eachSupportMessage,
  findDeletionRequest,
  findSupportMessage,
  insertSupportReply,
  listSupportReplies,
  type SupportMessageWithThread,
  updateSupportMessage,
  findDueDeletionRequests,
  findPendingDeletionRequestByEmail,
  insertDeletionRequest,
  insertSupportMessage,
  listDeletionRequests,
  listSupportMessages,
  markSupportMessageRead,
  supportMessagesByIds,
  supportMessagesMatching,
} from "./support.repository.ts";

const DAY_MS = 24 * 3600_000;
/** How long the confirmation link of the /delete-account form works. */
const DELETION_LINK_TTL_MS = DAY_MS;

/** When a request made at `createdAt` is carried out if the user stays inactive. */
export const deletionDueAt = (createdAt: Date) =>
  new Date(createdAt.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);

export interface SupportServiceDeps {
  db: Db;
  media: MediaService;
  mailer: Mailer;
  supportEmail: string;
  /** The base of the e-mails' links (config.siteUrl). */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

export interface SweepResult {
  deleted: number;
  cancelled: number;
  /** Requests whose account no longer existed: closed with nothing to delete. */
  closed: number;
  /** Admin accounts are never deleted automatically; an admin decides. */
  skipped: number;
}

/** A pending request's change of state, as the activity log records it (before and after). */
const closedAs = (state: "executed" | "cancelled") => ({
  before: { state: "pending" },
  after: { state },
});

/** Deletes the account, tolerating that it is already gone (another admin or instance was first). */
async function deleteIfPresent(deps: SupportServiceDeps, userId: string, actor: Actor | null) {
  try {
    return await deleteUserAccount(deps.db, deps.media, userId, actor);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/**
 * Deletes the accounts whose pending deletion request is at least 90 days old and who have not
 * used the app since they asked; cancels the requests of users who have. Safe to run on several
 * instances at once: each request is closed by exactly one of them.
 */
export async function sweepDeletionRequests(
  deps: SupportServiceDeps,
  now = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, cancelled: 0, closed: 0, skipped: 0 };
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_DAYS * DAY_MS);
  for (const { request, userRole, userLastActiveAt } of await findDueDeletionRequests(deps.db, cutoff)) {
    const activeSince = userLastActiveAt !== null && userLastActiveAt > request.createdAt;
    if (request.userId && activeSince) {
      if (await closeDeletionRequest(deps.db, request.id, "cancelled", null)) {
        await recordActivity(
          deps.db,
          null,
          "deletion_request.cancel",
          "deletion_request",
          request.id,
          { email: request.email, reason: "The user was active after asking" },
          closedAs("cancelled"),
        );
        result.cancelled++;
      }
      continue;
    }
    if (request.userId && userRole === "admin") {
      result.skipped++;
      continue;
    }
    const deleted = request.userId ? await deleteIfPresent(deps, request.userId, null) : null;
    // Deleting the account closes its pending requests itself; close one that had no account.
    if ((await closeDeletionRequest(deps.db, request.id, "executed", null)) || deleted) {
      await recordActivity(
        deps.db,
        null,
        "deletion_request.execute",
        "deletion_request",
        request.id,
        { email: request.email, accountDeleted: Boolean(deleted) },
        closedAs("executed"),
      );
      if (deleted) {
        result.deleted++;
        deps.mailer.queue({
          to: request.email,
          ...accountDeleted({ email: request.email, supportEmail: deps.supportEmail }),
        });
      } else {
        result.closed++;
      }
    }
  }
  if (result.deleted || result.cancelled || result.closed || result.skipped) {
    deps.log.info({ ...result }, "account deletion sweep");
  }
  return result;
}

export function createSupportService(deps: SupportServiceDeps) {
  const { db, mailer, supportEmail } = deps;
  const mailLimit = new RecipientMailLimit(db);

  const service = {
    /** Stores a support-form message, alerts the back office, e-mails the team and the sender. */
    async submitMessage(input: SupportInput) {
      const row = await db.transaction(async (tx) => {
        const row = await insertSupportMessage(tx, input);
        await notifyAdmins(tx, alerts.supportMessage(row.id, input));
        await recordActivity(tx, null, "support_message.create", "support_message", row.id, {
          email: input.email,
          subject: input.subject,
        });
        return row;
      });
      // The message is stored, so a failed e-mail loses nothing: it stays in the back-office inbox.
      mailer.queue({
        to: supportEmail,
        replyTo: { name: input.fullName, address: input.email },
        ...supportToTeam({ ...input, id: row.id }),
      });
      // The acknowledgement goes to whatever address the form names: it says only that the
      // message arrived (never its text), within the address's e-mail limit.
      if (await mailLimit.allow(input.email)) {
        mailer.queue({
          to: input.email,
          ...supportAcknowledgement({ id: row.id, supportEmail }),
        });
      }
      return row;
    },

    listMessages: (query: SupportMessageListQuery) => listSupportMessages(db, query),

    /** The messages the filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportMessages(actor: Actor, filter: SupportMessageFilter) {
      await recordActivity(db, actor, "support_message.export", "support_message", null, { filter });
      return eachSupportMessage(db, filter);
    },

    /** A message with its assignee and its thread of replies. */
    async getMessage(id: string, tx: Db = db): Promise<SupportMessageWithThread> {
      const found = await findSupportMessage(tx, id);
      if (!found) throw notFound("Support message");
      return { ...found, replies: await listSupportReplies(tx, id) };
    },

    /**
     * Replies to the sender: the reply joins the message's thread (which marks it read) and is
     * e-mailed to them once stored, so a failed e-mail loses nothing.
     */
    async reply(actor: Actor, id: string, body: SupportReplyInput) {
      const { message, reply } = await db.transaction(async (tx) => {
        const { message } = await service.getMessage(id, tx);
        const reply = await insertSupportReply(tx, {
          messageId: id,
          authorId: actor.userId,
          authorEmail: actor.email,
          body: body.message,
        });
        if (!message.readAt) await updateSupportMessage(tx, id, { readAt: reply.createdAt });
        await recordActivity(
          tx,
          actor,
          "support_message.reply",
          "support_message",
          id,
          { email: message.email, subject: message.subject },
          { before: null, after: { reply: reply.body } },
        );
        return { message, reply };
      });
      mailer.queue({
        to: message.email,
        ...supportReply({
          id,
          fullName: message.fullName,
          subject: message.subject,
          reply: reply.body,
          original: message.message,
          supportEmail,
        }),
      });
      return service.getMessage(id);
    },

    /**
     * Hands a message to an admin (or to nobody, with null): only an admin opens the support
     * inbox, so never to an editor or an app user.
     */
    async assign(actor: Actor, id: string, assigneeId: string | null) {
      const assignee = assigneeId === null ? null : await findUserById(db, assigneeId);
      if (assignee !== null && assignee?.role !== "admin") {
        throw badRequest("assignee: not an admin (only admins open the support inbox)", "assignee");
      }
      return db.transaction(async (tx) => {
        const { message } = await service.getMessage(id, tx);
        await updateSupportMessage(tx, id, { assignedTo: assigneeId });
        await recordActivity(
          tx,
          actor,
          "support_message.assign",
          "support_message",
          id,
          { subject: message.subject, assigneeEmail: assignee?.email ?? null },
          { before: { assignedTo: message.assignedTo }, after: { assignedTo: assigneeId } },
        );
        return service.getMessage(id, tx);
      });
    },

    /** Closes a message, or opens it again; 409 when it already is so. */
    async setStatus(actor: Actor, id: string, status: "open" | "closed") {
      return db.transaction(async (tx) => {
        const { message } = await service.getMessage(id, tx);
        const current = message.closedAt ? "closed" : "open";
        if (current === status) throw conflict(`This message is already ${status}`);
        await updateSupportMessage(tx, id, { closedAt: status === "closed" ? new Date() : null });
        await recordActivity(
          tx,
          actor,
          status === "closed" ? "support_message.close" : "support_message.reopen",
          "support_message",
          id,
          { subject: message.subject },
          { before: { status: current }, after: { status } },
        );
        return service.getMessage(id, tx);
      });
    },

    /**
     * Marks read the messages picked, or all matching the inbox's filter, in one transaction: one
     * activity entry per message; one already read is left as it was and reported.
     */
    async bulk(actor: Actor, body: SupportMessageBulkInput) {
      const { rows, missing } = await bulkRows(body, "messages", {
        byIds: (ids) => supportMessagesByIds(db, ids),
        matching: (limit) => supportMessagesMatching(db, body.filter!, limit),
      });
      const result = await runBulk(
        db,
        rows,
        (row) => row.subject,
        async (tx, row) => {
          if (row.readAt) throw conflict("Already read");
          const read = await markSupportMessageRead(tx, row.id);
          await recordActivity(tx, actor, "support_message.read", "support_message", row.id, undefined, {
            before: row,
            after: read,
          });
        },
        missing,
      );
      return { ...result, message: bulkMessage(result, "marked read", "message", "messages") };
    },

    async markRead(actor: Actor, id: string) {
      return db.transaction(async (tx) => {
        const { message, replies } = await service.getMessage(id, tx);
        const row = (await markSupportMessageRead(tx, id))!;
        await recordActivity(tx, actor, "support_message.read", "support_message", id, undefined, {
          before: message,
          after: row,
        });
        return { ...row, repliedAt: replies.at(-1)?.createdAt ?? null };
      });
    },

    /**
     * The /delete-account form: e-mails a confirmation link to the address when an account uses
     * it, and files nothing. The answer is the same either way, and an address without an
     * account receives nothing (no account enumeration, no mail to strangers).
     */
    async requestDeletion(input: DeleteAccountInput) {
      const user = await findUserByEmail(db, input.email);
      if (!user || !(await mailLimit.allow(user.email))) return;
      const token = await db.transaction((tx) =>
        issueAccountToken(tx, "delete_account", user, DELETION_LINK_TTL_MS, {
          data: { reason: input.reason },
        }),
      );
      mailer.queue({
        to: user.email,
        ...confirmDeletionMail({
          confirmUrl: `${deps.siteUrl}/delete-account/confirm?token=${encodeURIComponent(token)}`,
          supportEmail,
        }),
      });
    },

    /**
     * The link of that e-mail, confirmed: files the request for the back office (once per
     * address while one is open) and confirms it by e-mail.
     */
    async confirmDeletion(token: string) {
      const used = await db.transaction((tx) => useAccountToken(tx, "delete_account", token));
      const user = used?.userId ? await findUserById(db, used.userId) : undefined;
      if (!used || !user) {
        throw new AppError("invalid_token", "This link is not valid any more: send the form again", [
          { field: "token", message: "is unknown, used or expired" },
        ]);
      }
      const open = await findPendingDeletionRequestByEmail(db, user.email);
      const request =
        open ??
        (await db.transaction(async (tx) => {
          const row = await insertDeletionRequest(tx, {
            email: user.email,
            reason: used.data?.reason ?? "",
            userId: user.id,
          });
          await notifyAdmins(tx, alerts.deletionRequest(row.id, user.email, true));
          await recordActivity(tx, null, "deletion_request.create", "deletion_request", row.id, {
            email: user.email,
            accountFound: true,
          });
          return row;
        }));
      mailer.queue({
        to: user.email,
        ...deletionConfirmation({
          email: user.email,
          accountFound: true,
          dueAt: deletionDueAt(request.createdAt),
          supportEmail,
        }),
      });
      return request;
    },

    listDeletionRequests: (query: DeletionRequestListQuery) => listDeletionRequests(db, query),

    /** The requests a filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportDeletionRequests(actor: Actor, filter: DeletionRequestFilter) {
      await recordActivity(db, actor, "deletion_request.export", "deletion_request", null, { filter });
      return eachDeletionRequest(db, filter);
    },

    async getDeletionRequest(id: string) {
      const found = await findDeletionRequest(db, id);
      if (!found) throw notFound("Deletion request");
      return found;
    },

    /** Deletes the account now (an admin's decision) and closes the request. */
    async executeDeletion(actor: Actor, id: string) {
      const { request } = await service.getDeletionRequest(id);
      if (request.state !== "pending") throw conflict(`This request is already ${request.state}`);
      if (request.userId === actor.userId) {
        throw conflict("You cannot delete your own account here; ask another admin");
      }
      const deleted = request.userId ? await deleteIfPresent(deps, request.userId, actor) : null;
      const closed = await closeDeletionRequest(db, id, "executed", actor.userId);
      if (!closed && !deleted) throw conflict("This request was closed in the meantime");
      await recordActivity(
        db,
        actor,
        "deletion_request.execute",
        "deletion_request",
        id,
        { email: request.email, accountDeleted: Boolean(deleted) },
        closedAs("executed"),
      );
      if (deleted)
        mailer.queue({ to: request.email, ...accountDeleted({ email: request.email, supportEmail }) });
      return service.getDeletionRequest(id);
    },

    async cancelDeletion(actor: Actor, id: string) {
      const { request } = await service.getDeletionRequest(id);
      if (request.state !== "pending") throw conflict(`This request is already ${request.state}`);
      await db.transaction(async (tx) => {
        if (!(await closeDeletionRequest(tx, id, "cancelled", actor.userId))) {
          throw conflict("This request was closed in the meantime");
        }
        await recordActivity(
          tx,
          actor,
          "deletion_request.cancel",
          "deletion_request",
          id,
          { email: request.email },
          closedAs("cancelled"),
        );
      });
      return service.getDeletionRequest(id);
    },

    sweep: (now?: Date) => sweepDeletionRequests(deps, now),
  };
  return service;
}

export type SupportService = ReturnType<typeof createSupportService>;
