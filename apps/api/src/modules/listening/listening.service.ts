import type { EndSessionBody } from "@serene/contract";
import { createLibrary } from "./library.service.ts";
import { createListeningCore, type ListeningDeps } from "./listening-core.ts";
import { moodLiftOf } from "./listening.rules.ts";
import { findSession } from "./sessions.repository.ts";
import { createSessions } from "./sessions.service.ts";
import { createListeningStats } from "./stats.service.ts";
import { firstPlayOfDay } from "./stats.repository.ts";

export type { StreamGrant } from "./listening-core.ts";

/**
 * The listening service, one object for the routes and jobs: its parts (sessions, the library,
 * the figures) joined on the shared core (listening-core.ts), and the end of a session, which
 * reports to the first and sums up from the last.
 */
export function createListeningService(deps: ListeningDeps) {
  const core = createListeningCore(deps);
  const { db, nextInSeries } = core;
  const sessions = createSessions(core);
  const stats = createListeningStats(core);
  return {
    ...sessions,
    ...createLibrary(core),
    ...stats,

    /**
     * The last report of a session, then its summary: minutes, the day's minutes, the streak
     * (extended when this session's play is the day's first), the mood lift and the series' next item.
     */
    async end(userId: string, sessionId: string, body: EndSessionBody) {
      const verdict = await sessions.report(userId, sessionId, body, true);
      const session = (await findSession(db, userId, sessionId))!;
      const day = await stats.today(userId);
      const first = session.counted ? await firstPlayOfDay(db, userId, day.timeZone, day.date) : undefined;
      return {
        ...verdict,
        entitled: day.entitled,
        summary: {
          minutes: Math.floor(session.listenedSeconds / 60),
          minutesToday: day.minutesToday,
          streak: { current: day.streak.current, extended: first?.sessionId === session.id },
          moodLift: moodLiftOf(session.moodBefore, session.moodAfter),
          nextInSeries: await nextInSeries(userId, session.resourceId),
        },
      };
    },
  };
}

export type ListeningService = ReturnType<typeof createListeningService>;
