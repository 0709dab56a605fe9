import { DEFAULT_MESSAGE_TITLE, type InboxMessage } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { parseTimeCursor, timePage } from "../../lib/paging.ts";
import {
  countUnread,
  findInboxMessage,
  joinedAt as findJoinedAt,
  listInbox,
  markAllRead,
  markRead,
} from "./messages.repository.ts";
import { iso } from "../../lib/iso.ts";

/** The listener's inbox: personal messages (Send Message, feedback) and broadcasts since they joined. */
export function createMessagesService(db: Db) {
  async function joinedAt(userId: string) {
    const joined = await findJoinedAt(db, userId);
    if (!joined) throw notFound("User");
    return joined;
  }

  return {
    async inbox(userId: string, cursor: string | undefined, limit: number) {
      const joined = await joinedAt(userId);
      const [rows, unread] = await Promise.all([
        listInbox(db, userId, joined, parseTimeCursor(cursor), limit + 1),
        countUnread(db, userId, joined),
      ]);
      const page = timePage(
        rows,
        limit,
        (r) => [r.cursorAt, r.message.id],
        ({ message: m, read }): InboxMessage => ({
          _id: m.id,
          title: m.title ?? DEFAULT_MESSAGE_TITLE,
          message: m.body,
          image: null,
          kind: m.kind === "broadcast" ? "broadcast" : "personal",
          sentAt: iso(m.createdAt),
          read,
        }),
      );
      return { ...page, unread };
    },

    async markRead(userId: string, id: string) {
      const message = await findInboxMessage(db, userId, await joinedAt(userId), id);
      if (!message) throw notFound("Message");
      await markRead(db, userId, message);
    },

    async markAllRead(userId: string) {
      const joined = await joinedAt(userId);
      await db.transaction((tx) => markAllRead(tx, userId, joined));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
