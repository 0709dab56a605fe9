/** A listener's day, streak and figures, and a content's figures for the back office. */
import type { ContentStats, ListenerStats, MoodLift } from "@serene/contract";
import { isPaid } from "../entitlement/index.ts";
import { notFound } from "../../lib/errors.ts";
import type { ListeningCore } from "./listening-core.ts";
import { contentStats, listeningByDay, playDays } from "./stats.repository.ts";
import { addDays, DAY, listenerDay, streaks } from "./listening.rules.ts";

export function createListeningStats({ db, now, listener }: ListeningCore) {
  const stats = {
    /**
     * The listener's day now (turning at 04:00 in their time zone, UTC when they set none): its
     * date, the minutes listened in it and the streak of days with a counted play.
     */
    async today(userId: string) {
      const at = now();
      const user = await listener(userId);
      const timeZone = user.timeZone ?? "UTC";
      const date = listenerDay(at, timeZone);
      const [rows, played] = await Promise.all([
        listeningByDay(db, userId, timeZone, new Date(at.getTime() - 2 * DAY)),
        playDays(db, userId, timeZone),
      ]);
      const seconds = rows.find((r) => r.day === date)?.seconds ?? 0;
      const { current, longest } = streaks(played, date);
      return {
        date,
        timeZone,
        user,
        entitled: isPaid(user.paidUntil, at),
        minutesToday: Math.floor(seconds / 60),
        streak: { current, longest, todayDone: played.at(-1) === date },
      };
    },

    /** The listener's figures over the last `days` of their days (turning at 04:00 in their time zone). */
    async stats(userId: string, days: number): Promise<ListenerStats> {
      const at = now();
      const timeZone = (await listener(userId)).timeZone ?? "UTC";
      const today = listenerDay(at, timeZone);
      const first = addDays(today, -(days - 1));
      // A little more than the window (time zones), cut to its days below.
      const [rows, played] = await Promise.all([
        listeningByDay(db, userId, timeZone, new Date(at.getTime() - (days + 2) * DAY)),
        playDays(db, userId, timeZone),
      ]);
      const inWindow = rows.filter((r) => r.day >= first && r.day <= today);
      const seconds = new Map(inWindow.map((r) => [r.day, r.seconds]));
      const sum = (key: "sessions" | "completions" | "moodSessions" | "improved" | "worse") =>
        inWindow.reduce((n, r) => n + r[key], 0);
      const moodLift: MoodLift = {
        sessions: sum("moodSessions"),
        improved: sum("improved"),
        same: sum("moodSessions") - sum("improved") - sum("worse"),
        worse: sum("worse"),
      };
      const { current, longest } = streaks(played, today);
      return {
        totalMinutes: Math.floor(inWindow.reduce((n, r) => n + r.seconds, 0) / 60),
        sessions: sum("sessions"),
        completions: sum("completions"),
        currentStreak: current,
        longestStreak: longest,
        days: Array.from({ length: days }, (_, i) => {
          const date = addDays(first, i);
          return { date, minutes: Math.floor((seconds.get(date) ?? 0) / 60) };
        }),
        moodLift,
      };
    },

    /** Counted plays, unique listeners, minutes, completion rate, average share listened and mood lift of one content. */
    async contentStats(resourceId: string): Promise<ContentStats> {
      const found = (await stats.contentStatsOf([resourceId])).get(resourceId);
      if (!found) throw notFound("Content");
      return found;
    },

    /** The same figures for several contents (a host's uploads). */
    async contentStatsOf(resourceIds: string[]): Promise<Map<string, ContentStats>> {
      const rows = await contentStats(db, resourceIds);
      return new Map(
        rows.map((r) => [
          r.resourceId,
          {
            countedPlays: r.countedPlays,
            uniqueListeners: r.uniqueListeners,
            minutes: Math.floor(r.seconds / 60),
            completionRate: r.sessions > 0 ? r.completions / r.sessions : null,
            averageShare: r.averageShare,
            moodLift: {
              sessions: r.moodSessions,
              improved: r.improved,
              same: r.moodSessions - r.improved - r.worse,
              worse: r.worse,
            },
          },
        ]),
      );
    },
  };
  return stats;
}
