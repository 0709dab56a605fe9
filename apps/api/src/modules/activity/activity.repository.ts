import type { Db } from "../../db/client.ts";
import { activityLog } from "../../db/schema/index.ts";

export interface ActivityEntry {
  actorId?: string | null;
  actorEmail?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

export async function recordActivity(db: Db, entry: ActivityEntry) {
  await db.insert(activityLog).values(entry);
}
