import type { Db } from "../../db/client.ts";
import { activityLog } from "../../db/schema/index.ts";

/** Who did something: the signed-in user behind an admin write. */
export interface Actor {
  userId: string;
  email: string;
}

/** Records an admin write (who, what, which record, when) for the Activity Log and the Feed. */
export async function recordActivity(
  db: Db,
  actor: Actor | null,
  action: string,
  entityType: string,
  entityId: string | null,
  details?: Record<string, unknown>,
) {
  await db.insert(activityLog).values({
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action,
    entityType,
    entityId,
    details,
  });
}
