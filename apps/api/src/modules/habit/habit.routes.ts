import { todayResponseSchema } from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toAppResource } from "../catalogue/index.ts";
import type { TodayService } from "./today.service.ts";

/** The daily habit (app API part 3): today's pick, minutes and streak. */
export async function habitRoutes(app: App, { today }: { today: TodayService }) {
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
      const t = await today.today(request.auth!.userId);
      return {
        status: true as const,
        message: "Today",
        data: {
          date: t.date,
          pick: t.pick && toAppResource(t.pick, t.entitled, request.mediaUrl),
          reason: t.reason,
          minutesToday: t.minutesToday,
          streak: t.streak,
        },
      };
    },
  );
}
