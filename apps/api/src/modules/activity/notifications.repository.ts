import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

export type NotificationKind = "host_request" | "support_message" | "purchase" | "deletion_request";

/** Raises a back-office alert (the top bar's notification and message dropdowns read these). */
export async function notifyAdmins(
  db: Db,
  alert: { kind: NotificationKind; title: string; body?: string; entityType: string; entityId: string },
) {
  await db.insert(notifications).values(alert);
}
