import {
  okEnvelopeSchema,
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushTestResponseSchema,
  pushUnsubscribeBodySchema,
  putRemindersBodySchema,
  remindersResponseSchema,
  todayResponseSchema,
  unsubscribeQuerySchema,
} from "@serene/contract";
import { notFound } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { toAppResource } from "../catalogue/index.ts";
import type { RemindersService } from "./reminders.service.ts";
import type { TodayService } from "./today.service.ts";
import { ok } from "../../lib/reply.ts";

/** The daily habit (app API part 3): today's pick, minutes and streak; reminders and Web Push. */
export async function habitRoutes(
  app: App,
  { today, reminders }: { today: TodayService; reminders: RemindersService },
) {
  const tags = ["app: habit"];
  const config = { access: "authenticated" as const };

  app.get(
    "/today",
    {
      config,
      schema: {
        tags,
        summary: "Today",
        description:
          "Access: listener.\nToday's pick (the same all the listener's day, turning at 04:00 local time) and why, the minutes listened today and the streak.",
        response: { 200: todayResponseSchema },
      },
    },
    async (request) => {
      const t = await today.today(request.auth.userId);
      return ok("Today", {
        date: t.date,
        pick: t.pick && toAppResource(t.pick, t.entitled, request.mediaUrl),
        reason: t.reason,
        minutesToday: t.minutesToday,
        streak: t.streak,
      });
    },
  );

  app.get(
    "/reminders",
    {
      config,
      schema: {
        tags,
        summary: "Reminders",
        description:
          "Access: listener.\nThe listener's daily reminder: time, ISO weekdays, channels, time zone.",
        response: { 200: remindersResponseSchema },
      },
    },
    async (request) => ok("Reminders", await reminders.get(request.auth.userId)),
  );

  app.put(
    "/reminders",
    {
      config,
      schema: {
        tags,
        summary: "Set reminders",
        description:
          "Access: listener.\nThe reminder's time (HH:MM), ISO weekdays (1 = Monday), channels and, optionally, the listener's time zone.",
        body: putRemindersBodySchema,
        response: { 200: remindersResponseSchema },
      },
    },
    async (request) => ok("Reminders saved", await reminders.put(request.auth.userId, request.body)),
  );

  app.get(
    "/push/public-key",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Web Push key",
        description: "Access: public.\nThe server's VAPID public key (base64url), for PushManager.subscribe.",
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async () => ok("Push public key", { publicKey: await reminders.publicKey() }),
  );

  app.post(
    "/push/subscriptions",
    {
      config,
      schema: {
        tags,
        summary: "Subscribe to push",
        description:
          "Access: listener.\nKeeps a browser's PushSubscription (idempotent by endpoint); the endpoint must be https:// on a public address (none of IANA's special-purpose addresses, checked again at each send). Another account's endpoint moves only with its keys (the same browser): 409 otherwise.",
        body: pushSubscriptionBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await reminders.subscribe(request.auth.userId, request.body);
      return ok("Subscribed");
    },
  );

  app.delete(
    "/push/subscriptions",
    {
      config,
      schema: {
        tags,
        summary: "Unsubscribe from push",
        description: "Access: listener.\nForgets one of the listener's push subscriptions (idempotent).",
        body: pushUnsubscribeBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await reminders.unsubscribe(request.auth.userId, request.body.endpoint);
      return ok("Unsubscribed");
    },
  );

  app.post(
    "/push/test",
    {
      config,
      schema: {
        tags,
        summary: "Test push",
        description: "Access: listener.\nOne test notification to each of the listener's subscriptions.",
        response: { 200: pushTestResponseSchema },
      },
    },
    async (request) => ok("Test sent", await reminders.test(request.auth.userId)),
  );

  // The reminder e-mail's one-click unsubscribe: the link (GET) and the mail client's POST (RFC 8058).
  for (const method of ["GET", "POST"] as const)
    app.route({
      method,
      url: "/reminders/unsubscribe",
      config: { access: "public" },
      schema: {
        tags,
        summary: "Stop e-mail reminders",
        description:
          "Access: public.\nThe reminder e-mail's one-click unsubscribe link: e-mail reminders off.",
        querystring: unsubscribeQuerySchema,
        response: { 200: okEnvelopeSchema },
      },
      handler: async (request) => {
        if (!(await reminders.unsubscribeEmail(request.query.token))) throw notFound("Reminder");
        return ok("E-mail reminders are off");
      },
    });
}
