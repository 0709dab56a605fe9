import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { notificationKinds } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

export type NotificationKind = (typeof notificationKinds)[number];

/** Raises a back-office alert (the top bar's notification and message dropdowns read these). */
export async function notifyAdmins(
  db: Db,
  alert: { kind: NotificationKind; title: string; body?: string; entityType: string; entityId: string },
) {
  await db.insert(notifications).values(alert);
}

export async function listNotifications(db: Db, limit: number) {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).orderBy(desc(notifications.createdAt)).limit(limit),
    db.select({ n: count() }).from(notifications).where(isNull(notifications.readAt)),
  ]);
  return { rows, unread: unread?.n ?? 0 };
}

export async function markNotificationsRead(db: Db, ids?: string[]) {
  const unread = isNull(notifications.readAt);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ids ? and(unread, inArray(notifications.id, ids)) : unread);
}

/** Marks read the alerts about one record (e.g. once its host request has been decided). */
export async function markNotificationsReadFor(db: Db, entityType: string, entityId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.entityType, entityType),
        eq(notifications.entityId, entityId),
        isNull(notifications.readAt),
      ),
    );
}
