import { habitEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
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
  route(app, habitEndpoints.today, async (request) => {
    const t = await today.today(request.auth.userId);
    return ok("Today", {
      date: t.date,
      pick: t.pick && toAppResource(t.pick, t.entitled, request.mediaUrl),
      reason: t.reason,
      minutesToday: t.minutesToday,
      streak: t.streak,
    });
  });

  route(app, habitEndpoints.reminders, async (request) =>
    ok("Reminders", await reminders.get(request.auth.userId)),
  );

  route(app, habitEndpoints.saveReminders, async (request) =>
    ok("Reminders saved", await reminders.put(request.auth.userId, request.body)),
  );

  route(app, habitEndpoints.pushPublicKey, async () =>
    ok("Push public key", { publicKey: await reminders.publicKey() }),
  );

  route(app, habitEndpoints.subscribe, async (request) => {
    await reminders.subscribe(request.auth.userId, request.body);
    return ok("Subscribed");
  });

  route(app, habitEndpoints.unsubscribe, async (request) => {
    await reminders.unsubscribe(request.auth.userId, request.body.endpoint);
    return ok("Unsubscribed");
  });

  route(app, habitEndpoints.testPush, async (request) =>
    ok("Test sent", await reminders.test(request.auth.userId)),
  );

  // The reminder e-mail's one-click unsubscribe: the link (GET) and the mail client's POST (RFC 8058).
  for (const endpoint of [habitEndpoints.unsubscribeEmailPage, habitEndpoints.unsubscribeEmail])
    route(app, endpoint, async (request) => {
      if (!(await reminders.unsubscribeEmail(request.query.token))) throw notFound("Reminder");
      return ok("E-mail reminders are off");
    });
}
