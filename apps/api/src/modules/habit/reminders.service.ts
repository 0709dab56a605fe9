import { randomBytes } from "node:crypto";
import type { PushSubscriptionBody, PutRemindersBody, Reminders } from "@serene/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/client.ts";
import { escapeHtml, layout, type Mailer } from "../mail/index.ts";
import { checkEndpoint, generateVapidKeys, type PushTarget, sendPush, type VapidKeys } from "./push.ts";
import {
  claimReminder,
  deleteSubscription,
  deleteSubscriptionById,
  type DueReminder,
  dueReminders,
  findReminderSettings,
  keepServerKey,
  listSubscriptions,
  recordReminderChannel,
  saveReminderSettings,
  saveSubscription,
  unsubscribeEmail,
} from "./reminders.repository.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { changeProfile } from "../users/index.ts";

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** A push service answering these has forgotten the subscription: it is removed. */
const GONE = new Set([404, 410]);
const REMINDER = { title: "A calm moment?", body: "A few minutes of Serene today.", url: "/listen" };

export interface RemindersDeps {
  db: Db;
  now: () => Date;
  push: Config["push"];
  mailer: Mailer;
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "warn">;
}

export function createRemindersService({ db, now, push, mailer, siteUrl, log }: RemindersDeps) {
  let keys: Promise<VapidKeys> | null = null;
  /** The VAPID key pair: from the configuration, else generated once and kept in the database. */
  const vapid = () =>
    (keys ??= push.vapid
      ? Promise.resolve(push.vapid)
      : keepServerKey(db, "vapid", () => JSON.stringify(generateVapidKeys())).then(
          (v) => JSON.parse(v) as VapidKeys,
        )).catch((err: unknown) => {
      keys = null;
      throw err;
    });

  /** Sends to each subscription; removes those the push service says are gone. */
  async function pushAll(targets: (PushTarget & { id: string })[], payload: object) {
    const key = await vapid();
    let sent = 0;
    let failed = 0;
    for (const target of targets) {
      // Checked again: the host's addresses may have changed since it was subscribed.
      const checked = await checkEndpoint(target.endpoint, push.allowLoopback).catch(() => null);
      const status = checked
        ? await sendPush(target, checked, payload, { ...key, subject: push.subject })
        : 0;
      if (status >= 200 && status < 300) sent++;
      else {
        failed++;
        if (GONE.has(status)) await deleteSubscriptionById(db, target.id);
      }
    }
    return { sent, failed };
  }

  async function emailReminder(r: DueReminder) {
    const unsubscribeUrl = `${siteUrl}/api/v1/app/reminders/unsubscribe?token=${encodeURIComponent(r.unsubscribeToken)}`;
    const listenUrl = `${siteUrl}/listen`;
    await mailer.send({
      to: r.address,
      subject: REMINDER.title,
      text: `${REMINDER.body}\n\nOpen Serene: ${listenUrl}\n\nNo more e-mail reminders: ${unsubscribeUrl}`,
      html: layout(
        REMINDER.title,
        `<p style="margin:0 0 16px">${escapeHtml(REMINDER.body)}</p><p style="margin:0 0 16px"><a href="${escapeHtml(listenUrl)}" style="color:#3f6f64">Open Serene</a></p>`,
        `You asked for a daily reminder. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#3f6f64">Stop e-mail reminders</a> (one click).`,
      ),
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  }

  const service = {
    publicKey: async () => (await vapid()).publicKey,

    async get(userId: string): Promise<Reminders> {
      const found = await findReminderSettings(db, userId);
      if (!found) throw notFound("User");
      const s = found.settings;
      return {
        enabled: s?.enabled ?? false,
        time: s?.time ?? "21:00",
        days: s?.days ?? ALL_DAYS,
        channels: { push: s?.push ?? true, email: s?.email ?? false },
        timeZone: found.timeZone ?? "UTC",
      };
    },

    async put(userId: string, body: PutRemindersBody): Promise<Reminders> {
      await db.transaction(async (tx) => {
        if (body.timeZone) await changeProfile(tx, userId, { timeZone: body.timeZone });
        await saveReminderSettings(tx, {
          userId,
          enabled: body.enabled,
          time: body.time,
          days: [...body.days].sort(),
          push: body.channels.push,
          email: body.channels.email,
          unsubscribeToken: randomBytes(24).toString("base64url"),
        });
      });
      return service.get(userId);
    },

    async subscribe(userId: string, body: PushSubscriptionBody) {
      await checkEndpoint(body.endpoint, push.allowLoopback);
      if (!(await saveSubscription(db, { userId, endpoint: body.endpoint, ...body.keys })))
        throw conflict("This push endpoint belongs to another account's browser");
    },

    unsubscribe: (userId: string, endpoint: string) => deleteSubscription(db, userId, endpoint),

    /** One test notification to each of the listener's subscriptions. */
    async test(userId: string) {
      return pushAll(await listSubscriptions(db, userId), {
        title: "Serene",
        body: "Notifications are on.",
        url: "/listen",
      });
    },

    /** E-mail reminders off for the holder of the link; false for an unknown link. */
    unsubscribeEmail: (token: string) => unsubscribeEmail(db, token),

    /**
     * The reminder job: each due reminder is claimed (one per listener and day across every
     * instance), then pushed; e-mailed instead when no subscription took it and e-mail is on.
     */
    async sendDue() {
      let sent = 0;
      for (const r of await dueReminders(db, now())) {
        if (!(await claimReminder(db, r.userId, r.day))) continue;
        let channel = "none";
        if (r.push) {
          const pushed = await pushAll(await listSubscriptions(db, r.userId), REMINDER);
          if (pushed.sent > 0) channel = "push";
        }
        if (channel === "none" && r.email && r.verified) {
          try {
            await emailReminder(r);
            channel = "email";
          } catch (err) {
            log.warn({ err, userId: r.userId }, "reminder e-mail failed");
          }
        }
        await recordReminderChannel(db, r.userId, r.day, channel);
        if (channel !== "none") sent++;
      }
      return sent;
    },
  };
  return service;
}

export type RemindersService = ReturnType<typeof createRemindersService>;
