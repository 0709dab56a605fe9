import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatUsd, type NotificationKind, notificationKinds } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

type Alert = { kind: NotificationKind; title: string; body?: string; entityType: string; entityId: string };

/** What each event tells the back office (the services and the demo data raise the same alerts). */
export const alerts = {
  hostRequest: (id: string, username: string): Alert => ({
    kind: "host_request",
    title: "New host request",
    body: `${username} asked to become a host`,
    entityType: "host_request",
    entityId: id,
  }),
  purchase: (p: { id: string; assignedName: string; totalUsers: number; amountCents: number }): Alert => ({
    kind: "purchase",
    title: "New purchase",
    body: `${p.assignedName}: ${p.totalUsers} seats, ${formatUsd(p.amountCents)}`,
    entityType: "purchase",
    entityId: p.id,
  }),
  supportMessage: (id: string, m: { subject: string; fullName: string; email: string }): Alert => ({
    kind: "support_message",
    title: `Support: ${m.subject}`,
    body: `${m.fullName} <${m.email}>`,
    entityType: "support_message",
    entityId: id,
  }),
  contentSubmission: (id: string, c: { title: string; email: string; again: boolean }): Alert => ({
    kind: "content_submission",
    title: c.again ? "Content sent again for review" : "New content to review",
    body: `“${c.title}” by ${c.email}`,
    entityType: "resource",
    entityId: id,
  }),
  deletionRequest: (id: string, email: string, accountFound: boolean): Alert => ({
    kind: "deletion_request",
    title: "Account deletion request",
    body: accountFound ? email : `${email} (no account with this e-mail)`,
    entityType: "deletion_request",
    entityId: id,
  }),
};

/** Raises a back-office alert (the top bar's notification and message dropdowns read these). */
export async function notifyAdmins(db: Db, alert: Alert & { createdAt?: Date }) {
  await db.insert(notifications).values(alert);
}

/** The newest alerts of some kinds (all kinds when none are named) and how many of each are unread. */
export async function listNotifications(
  db: Db,
  { limit, kinds }: { limit: number; kinds?: NotificationKind[] },
) {
  const ofKinds = kinds ? inArray(notifications.kind, kinds) : undefined;
  const [rows, unreadRows] = await Promise.all([
    db.select().from(notifications).where(ofKinds).orderBy(desc(notifications.createdAt)).limit(limit),
    db
      .select({ kind: notifications.kind, n: count() })
      .from(notifications)
      .where(and(isNull(notifications.readAt), ofKinds))
      .groupBy(notifications.kind),
  ]);
  const unreadByKind = Object.fromEntries(notificationKinds.map((kind) => [kind, 0])) as Record<
    NotificationKind,
    number
  >;
  for (const { kind, n } of unreadRows) unreadByKind[kind as NotificationKind] = n;
  const unread = unreadRows.reduce((sum, { n }) => sum + n, 0);
  return { rows, unread, unreadByKind };
}

/** Marks read the alerts with these ids, or every unread alert of these kinds; neither: all of them. */
export async function markNotificationsRead(
  db: Db,
  { ids, kinds }: { ids?: string[]; kinds?: NotificationKind[] },
) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
        kinds ? inArray(notifications.kind, kinds) : undefined,
      ),
    );
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
