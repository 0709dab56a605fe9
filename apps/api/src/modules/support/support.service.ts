import {
  type SupportMessageBulkInput,
  type SupportInput,
  type SupportMessageFilter,
  type SupportMessageListQuery,
  type SupportReplyInput,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { bulkMessage, bulkRows, runBulk } from "../../lib/bulk.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Actor, recordActivity, type Visitor } from "../activity/index.ts";
import { alerts, notifyAdmins } from "../activity/index.ts";
import { supportAcknowledgement, supportReply, supportToTeam } from "../mail/index.ts";
import { RecipientMailLimit } from "../limits/index.ts";
import { findUserById } from "../users/index.ts";
import { createDeletionRequests, type SupportServiceDeps } from "./deletion-requests.ts";
import {
  eachSupportMessage,
  findSupportMessage,
  insertSupportReply,
  listSupportReplies,
  type SupportMessageWithThread,
  updateSupportMessage,
  insertSupportMessage,
  listSupportMessages,
  markSupportMessageRead,
  supportMessagesByIds,
  supportMessagesMatching,
} from "./support.repository.ts";

export function createSupportService(deps: SupportServiceDeps) {
  const { db, mailer, supportEmail } = deps;
  const mailLimit = new RecipientMailLimit(db);
  const service = {
    /** Stores a support-form message, alerts the back office, e-mails the team and the sender. */
    async submitMessage(input: SupportInput, sender: Visitor) {
      const row = await db.transaction(async (tx) => {
        const row = await insertSupportMessage(tx, input);
        await notifyAdmins(tx, alerts.supportMessage(row.id, input));
        await recordActivity(tx, sender, "support_message.create", "support_message", row.id, {
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

    ...createDeletionRequests(deps, mailLimit),
  };
  return service;
}

export type SupportService = ReturnType<typeof createSupportService>;
