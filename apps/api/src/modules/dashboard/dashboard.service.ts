import { DEFAULT_MESSAGE_TITLE } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import { countAppUsers } from "../users/index.ts";
import { dashboardStats, resourcesPerInterest, usersGainedByMonth } from "./dashboard.repository.ts";

/** `now`: the clock of the listening figures (tests move it). */
export function createDashboardService(db: Db, now: () => Date) {
  return {
    stats: () => dashboardStats(db, now()),
    usersGained: () => usersGainedByMonth(db),
    resourcesPerInterest: () => resourcesPerInterest(db),
    /** How many users a broadcast reaches: every app user. */
    audience: () => countAppUsers(db),

    /** A message to every app user (one broadcast row that every inbox shows); answers how many users it reaches. */
    broadcast(actor: Actor, body: { title?: string | undefined; message: string }) {
      return db.transaction(async (tx) => {
        const row = await insertUserMessage(tx, {
          kind: "broadcast",
          userId: null,
          title: body.title || DEFAULT_MESSAGE_TITLE,
          body: body.message,
          sentBy: actor.userId,
        });
        await recordActivity(tx, actor, "broadcast.send", "user_message", row.id, undefined, { after: row });
        return countAppUsers(tx);
      });
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
