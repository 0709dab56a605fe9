import { DEFAULT_MESSAGE_TITLE } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, recordActivity } from "../activity/activity.repository.ts";
import { insertUserMessage } from "../messages/messages.repository.ts";
import { countUsers } from "../users/users.repository.ts";

/** A message to every app user (one broadcast row that every inbox shows); answers how many users it reaches. */
export async function broadcast(db: Db, actor: Actor, body: { title?: string | undefined; message: string }) {
  return db.transaction(async (tx) => {
    const row = await insertUserMessage(tx, {
      kind: "broadcast",
      userId: null,
      title: body.title || DEFAULT_MESSAGE_TITLE,
      body: body.message,
      sentBy: actor.userId,
    });
    await recordActivity(tx, actor, "broadcast.send", "user_message", row.id);
    return countUsers(tx);
  });
}
