import type { TodayReason } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { type AppResourceRow, userInterestIds } from "../catalogue/index.ts";
import type { ListeningService } from "../listening/index.ts";
import {
  findMood,
  findPick,
  pickCandidate,
  pickFilters,
  previousPick,
  savePick,
} from "./today.repository.ts";

const DAY_MS = 86_400_000;
/** Content finished within this many days is not picked again. */
const FINISHED_DAYS = 14;
/** Content this recent counts as new. */
const NEW_DAYS = 30;

export interface TodayDeps {
  db: Db;
  now: () => Date;
  listening: Pick<ListeningService, "today">;
}

/**
 * Today's pick: chosen once per listener's day (turning at 04:00 in their time zone) and kept,
 * so it is the same all day; from their mood, then their interests, then new, then popular.
 */
export function createTodayService({ db, now, listening }: TodayDeps) {
  async function choose(userId: string, date: string, entitled: boolean) {
    const at = now();
    const [mood, interestIds, exclude] = await Promise.all([
      findMood(db, userId),
      userInterestIds(db, userId),
      previousPick(db, userId, date),
    ]);
    const steps: [TodayReason, Parameters<typeof pickCandidate>[1]["where"] | null][] = [
      ["mood", mood ? pickFilters.mood(mood) : null],
      ["interest", interestIds.length ? pickFilters.interests(interestIds) : null],
      ["new", pickFilters.newSince(new Date(at.getTime() - NEW_DAYS * DAY_MS))],
      ["popular", undefined],
    ];
    const base = {
      userId,
      entitled,
      finishedSince: new Date(at.getTime() - FINISHED_DAYS * DAY_MS),
      seed: `${userId}:${date}`,
    };
    // Yesterday's pick only when nothing else is left.
    for (const without of [exclude, null]) {
      for (const [reason, where] of steps) {
        if (where === null) continue;
        const row = await pickCandidate(db, {
          ...base,
          where,
          exclude: without,
          popular: reason === "popular",
        });
        if (row) return { row, reason };
      }
    }
    return null;
  }

  async function pick(userId: string, date: string, entitled: boolean) {
    const kept = await findPick(db, userId, date);
    if (kept) return { row: kept as AppResourceRow, reason: kept.reason as TodayReason };
    const chosen = await choose(userId, date, entitled);
    if (!chosen) return null;
    await savePick(db, { userId, day: date, resourceId: chosen.row.resource.id, reason: chosen.reason });
    const saved = await findPick(db, userId, date);
    return saved ? { row: saved as AppResourceRow, reason: saved.reason as TodayReason } : chosen;
  }

  return {
    async today(userId: string) {
      const day = await listening.today(userId);
      const chosen = await pick(userId, day.date, day.entitled);
      return {
        date: day.date,
        entitled: day.entitled,
        pick: chosen?.row ?? null,
        reason: chosen?.reason ?? null,
        minutesToday: day.minutesToday,
        streak: day.streak,
      };
    },
  };
}

export type TodayService = ReturnType<typeof createTodayService>;
