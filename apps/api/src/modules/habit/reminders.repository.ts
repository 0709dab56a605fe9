import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  pushSubscriptions,
  reminderSends,
  reminderSettings,
  serverKeys,
  users,
} from "../../db/schema/index.ts";
import { iso } from "../../lib/iso.ts";

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function findReminderSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ settings: reminderSettings, timeZone: users.timeZone })
    .from(users)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function saveReminderSettings(
  db: Db,
  values: Omit<typeof reminderSettings.$inferInsert, "updatedAt">,
) {
  const { enabled, time, days, push, email } = values;
  await db
    .insert(reminderSettings)
    .values(values)
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { enabled, time, days, push, email, updatedAt: new Date() },
    });
}

/** Turns e-mail reminders off for the holder of an unsubscribe link; false when the token is unknown. */
export async function unsubscribeEmail(db: Db, token: string) {
  const rows = await db
    .update(reminderSettings)
    .set({ email: false, updatedAt: new Date() })
    .where(eq(reminderSettings.unsubscribeToken, token))
    .returning({ userId: reminderSettings.userId });
  return rows.length > 0;
}

// ---- Push subscriptions ----

/** Idempotent by endpoint: the same browser subscribing again (or for another account) updates its row. */
/**
 * Keeps a subscription. An endpoint already kept changes hands only with its keys (the browser
 * that holds it, e.g. after another account signed in there): false when another account's
 * endpoint came with other keys (nothing changes then).
 */
export async function saveSubscription(
  db: Db,
  values: { userId: string; endpoint: string; p256dh: string; auth: string },
) {
  const kept = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
    })
    .returning({ id: pushSubscriptions.id });
  return kept.length > 0;
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscriptionById(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function listSubscriptions(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

// ---- Server keys ----

/** The value kept under `name`, creating it with `make()` if absent (the first instance's value wins). */
export async function keepServerKey(db: Db, name: string, make: () => string) {
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  return row!.value;
}

// ---- The reminder job ----

export interface DueReminder {
  userId: string;
  push: boolean;
  email: boolean;
  address: string;
  verified: boolean;
  unsubscribeToken: string;
  /** The listener's day the reminder belongs to (turning at 04:00 local time). */
  day: string;
}

/**
 * Reminders due at `at`: enabled, their time passed less than an hour ago in the listener's time
 * zone, on one of their weekdays, not sent for that listener's day, and no counted play that day.
 */
export function dueReminders(db: Db, at: Date) {
  const now = iso(at);
  return queryRows<DueReminder>(
    db,
    sql`
    select rs.user_id as "userId", rs.push, rs.email, u.email as address,
           (u.email_verified_at is not null) as verified, rs.unsubscribe_token as "unsubscribeToken", d.day
    from ${reminderSettings} rs
    join ${users} u on u.id = rs.user_id
    cross join lateral (
      select (${now}::timestamptz at time zone coalesce(u.time_zone, 'UTC')) - rs.time::interval as shifted
    ) s
    cross join lateral (
      select to_char(s.shifted::date + rs.time::interval - interval '4 hours', 'YYYY-MM-DD') as day
    ) d
    where rs.enabled
      and u.deleted_at is null
      and s.shifted::time < time '01:00'
      and extract(isodow from s.shifted)::int = any(rs.days)
      and not exists (select 1 from ${reminderSends} x where x.user_id = rs.user_id and x.day = d.day::date)
      and not exists (
        select 1 from plays p
        where p.user_id = rs.user_id
          and p.played_at > ${now}::timestamptz - interval '2 days'
          and to_char((p.played_at at time zone coalesce(u.time_zone, 'UTC')) - interval '4 hours', 'YYYY-MM-DD') = d.day
      )`,
  );
}

/** Claims a listener's reminder of a day: true for the one caller (of any instance) that got it. */
export async function claimReminder(db: Db, userId: string, day: string) {
  const rows = await db
    .insert(reminderSends)
    .values({ userId, day })
    .onConflictDoNothing()
    .returning({ userId: reminderSends.userId });
  return rows.length > 0;
}

export async function recordReminderChannel(db: Db, userId: string, day: string, channel: string) {
  await db
    .update(reminderSends)
    .set({ channel })
    .where(and(eq(reminderSends.userId, userId), eq(reminderSends.day, day)));
}
